import { X509Certificate } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateSelfSigned, loadTlsCredentials } from './tls-certificate'

describe('loadTlsCredentials', () => {
  it('generates a certificate for localhost and 127.0.0.1 once, then reuses it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tls-'))
    const first = await loadTlsCredentials({ dataDir })
    expect(first.source).toBe('generated')
    const x509 = new X509Certificate(first.cert)
    expect(x509.subject).toBe('CN=localhost')
    expect(x509.subjectAltName).toContain('DNS:localhost')
    expect(x509.subjectAltName).toContain('IP Address:127.0.0.1')
    const second = await loadTlsCredentials({ dataDir })
    expect(second).toEqual({ ...first, source: 'data-dir' })
  })

  it('replaces an expired certificate', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tls-'))
    const first = await loadTlsCredentials({ dataDir })
    const later = new Date(Date.now() + 500 * 24 * 3600 * 1000)
    const renewed = await loadTlsCredentials({ dataDir, now: later })
    expect(renewed.source).toBe('generated')
    expect(renewed.cert).not.toBe(first.cert)
  })

  it('uses TLS_CERT and TLS_KEY files when given', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tls-'))
    const { cert, key } = await generateSelfSigned()
    writeFileSync(path.join(dir, 'c.pem'), cert)
    writeFileSync(path.join(dir, 'k.pem'), key)
    const loaded = await loadTlsCredentials({
      certPath: path.join(dir, 'c.pem'),
      keyPath: path.join(dir, 'k.pem'),
      dataDir: dir,
    })
    expect(loaded).toEqual({ cert, key, source: 'files' })
  })
})
