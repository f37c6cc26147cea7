import { Writable } from 'node:stream'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import express from 'express'
import { createLogger } from '../logger'
import { redactText, redactUrl } from './redact'
import { requestLogger } from './request-logger'

describe('redactUrl', () => {
  it.each([
    ['/api/newsletter/confirm?token=abc.def.ghi', '/api/newsletter/confirm?token=[redacted]'],
    [
      '/api/newsletter/unsubscribe?token=abc&from=page',
      '/api/newsletter/unsubscribe?token=[redacted]&from=page',
    ],
    [
      '/content/v2026-05-04/auth/fetch?sid=lfi_0123456789abcdef',
      '/content/v2026-05-04/auth/fetch?sid=[redacted]',
    ],
    [
      '/api/newsletter/admin/subscribers?q=ana%40example.com&limit=5',
      '/api/newsletter/admin/subscribers?q=[redacted]&limit=5',
    ],
    ['/x?next=/y&ref=ana@example.com', '/x?next=/y&ref=[redacted]'],
    ['/logs/lfs_abcdefghijklmnop', '/logs/[redacted]'],
    ['/news/some-post?page=2', '/news/some-post?page=2'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it('keeps ordinary text and replaces addresses in it', () => {
    expect(redactText('created administrator owner@band.example from ADMIN_EMAIL')).toBe(
      'created administrator [redacted] from ADMIN_EMAIL',
    )
    expect(redactText('listening on http://localhost:3000')).toBe('listening on http://localhost:3000')
  })
})

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, stream }
}

describe('logs', () => {
  it('never carry tokens, sids or e-mail addresses', async () => {
    const { lines, stream } = capture()
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, stream)
    logger.info(
      { email: 'owner@band.example', nested: { token: 'lfs_secretsecret' } },
      'made owner@band.example',
    )
    logger.warn({ url: '/api/newsletter/confirm?token=abc' }, 'backend failed')
    const app = express()
    app.use(requestLogger(logger))
    app.get('/api/newsletter/confirm', (_req, res) => res.send('ok'))
    await request(app).get('/api/newsletter/confirm?token=signed.token.value&email=ana@example.com')
    const log = lines.join('\n')
    expect(log).not.toMatch(
      /owner@band\.example|lfs_secretsecret|signed\.token\.value|ana@example\.com|token=abc/,
    )
    expect(log).toContain('/api/newsletter/confirm?token=[redacted]')
  })
})
