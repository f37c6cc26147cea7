import { X509Certificate } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { generate } from 'selfsigned'

export type TlsCredentials = { cert: string; key: string; source: 'files' | 'generated' | 'data-dir' }

/** Where the generated certificate lives, so it is made once and the browser's exception sticks. */
export const CERT_FILE = 'tls/self-signed-cert.pem'
export const KEY_FILE = 'tls/self-signed-key.pem'

/**
 * TLS_CERT/TLS_KEY when given; otherwise a self-signed certificate for localhost and 127.0.0.1,
 * generated on first start into DATA_DIR and reused (regenerated only when it has expired).
 */
export async function loadTlsCredentials(options: {
  certPath?: string
  keyPath?: string
  dataDir: string
  now?: Date
}): Promise<TlsCredentials> {
  if (options.certPath && options.keyPath) {
    const [cert, key] = await Promise.all([
      readFile(options.certPath, 'utf8'),
      readFile(options.keyPath, 'utf8'),
    ])
    return { cert, key, source: 'files' }
  }
  const now = options.now ?? new Date()
  const certPath = path.join(options.dataDir, CERT_FILE)
  const keyPath = path.join(options.dataDir, KEY_FILE)
  try {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')])
    if (new Date(new X509Certificate(cert).validTo) > now) return { cert, key, source: 'data-dir' }
  } catch {
    // Missing or unreadable: make a new one below.
  }
  const { cert, key } = await generateSelfSigned(now)
  await mkdir(path.dirname(certPath), { recursive: true, mode: 0o700 })
  await writeFile(keyPath, key, { mode: 0o600 })
  await writeFile(certPath, cert)
  return { cert, key, source: 'generated' }
}

export async function generateSelfSigned(now = new Date()): Promise<{ cert: string; key: string }> {
  const notAfterDate = new Date(now)
  // Browsers reject server certificates valid for more than about 13 months.
  notAfterDate.setDate(notAfterDate.getDate() + 397)
  const result = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
  return { cert: result.cert, key: result.private }
}
