import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnNewsletterServer, waitForExit, type NewsletterProcess } from './testing/spawn-newsletter-server'

type Attempt = { contentType?: string; body: string | Uint8Array<ArrayBuffer>; method?: string }

/** A small deterministic PRNG, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

const JSON_TYPE = 'application/json'
const valid = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' }

/** The kinds of junk a public endpoint sees: each generator makes one request. */
const generators: ((random: () => number, i: number) => Attempt)[] = [
  // Broken JSON
  (r) => ({ contentType: JSON_TYPE, body: JSON.stringify(valid).slice(0, Math.floor(r() * 40)) }),
  () => ({ contentType: JSON_TYPE, body: '{"firstName": "Ana", }' }),
  () => ({ contentType: JSON_TYPE, body: "{'firstName': 'Ana'}" }),
  () => ({ contentType: JSON_TYPE, body: '' }),
  (r) => ({ contentType: JSON_TYPE, body: Uint8Array.from({ length: 64 }, () => Math.floor(r() * 256)) }),
  () => ({ contentType: JSON_TYPE, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) }),
  // Wrong shapes and types
  () => ({ contentType: JSON_TYPE, body: '[]' }),
  () => ({ contentType: JSON_TYPE, body: 'null' }),
  () => ({ contentType: JSON_TYPE, body: '42' }),
  () => ({ contentType: JSON_TYPE, body: '"ana@example.com"' }),
  (r) => {
    const junk = [null, true, 0, -1.5, [], {}, ['a'], { a: 1 }, 1e308]
    const pick = () => junk[Math.floor(r() * junk.length)]
    return {
      contentType: JSON_TYPE,
      body: JSON.stringify({ firstName: pick(), lastName: pick(), email: pick() }),
    }
  },
  () => ({ contentType: JSON_TYPE, body: JSON.stringify({ ...valid, email: 'not-an-email' }) }),
  () => ({ contentType: JSON_TYPE, body: JSON.stringify({ ...valid, website: { nested: true } }) }),
  // Huge strings: inside the body limit (400) and beyond it (413)
  (r) => ({
    contentType: JSON_TYPE,
    body: JSON.stringify({ ...valid, firstName: 'x'.repeat(200 + Math.floor(r() * 3000)) }),
  }),
  (r) => ({
    contentType: JSON_TYPE,
    body: JSON.stringify({ ...valid, lastName: 'ñ'.repeat(5000 + Math.floor(r() * 60_000)) }),
  }),
  () => ({
    contentType: JSON_TYPE,
    body: JSON.stringify({ ...valid, email: `${'a'.repeat(300)}@example.com` }),
  }),
  // Deep nesting
  (r) => {
    const depth = 100 + Math.floor(r() * 1800)
    return { contentType: JSON_TYPE, body: `${'['.repeat(depth)}${']'.repeat(depth)}` }
  },
  // Prototype pollution attempts
  () => ({ contentType: JSON_TYPE, body: '{"__proto__":{"polluted":true},"firstName":1}' }),
  () => ({
    contentType: JSON_TYPE,
    body: '{"firstName":{"__proto__":{"polluted":true}},"lastName":"x","email":"a@b.co"}',
  }),
  () => ({ contentType: JSON_TYPE, body: '{"constructor":{"prototype":{"polluted":true}},"email":"x"}' }),
  () => ({ contentType: JSON_TYPE, body: '{"__proto__":[],"firstName":"","lastName":"","email":""}' }),
  // Wrong content types
  () => ({ contentType: 'text/plain', body: JSON.stringify(valid) }),
  () => ({ contentType: 'application/x-www-form-urlencoded', body: 'firstName=Ana&email=x' }),
  () => ({ contentType: 'application/xml', body: '<subscribe/>' }),
  () => ({ contentType: 'multipart/form-data; boundary=zz', body: '--zz\r\n\r\n--zz--' }),
  () => ({ body: JSON.stringify(valid) }),
  () => ({ contentType: 'application/json; charset=utf-16', body: JSON.stringify(valid) }),
  () => ({ contentType: 'application/json; charset=nonsense', body: JSON.stringify(valid) }),
  () => ({ contentType: 'application/jsonx', body: JSON.stringify(valid) }),
  // Wrong methods
  () => ({ method: 'PUT', contentType: JSON_TYPE, body: JSON.stringify(valid) }),
  () => ({ method: 'DELETE', body: '' }),
]

describe('1,000 malformed requests', () => {
  let server: NewsletterProcess
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-fuzz-'))
    server = await spawnNewsletterServer({ DATA_DIR: dataDir, NEWSLETTER_RATE_LIMIT: '1000000' })
  })
  afterAll(async () => {
    server.child.kill('SIGTERM')
    await waitForExit(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('get 4xx only, never 5xx, and the server stays up', { timeout: 60_000 }, async () => {
    const random = prng(20251001)
    const statuses = new Map<number, number>()
    const failures: string[] = []
    const attempts = Array.from({ length: 1000 }, (_, i) => generators[i % generators.length]!(random, i))
    for (let start = 0; start < attempts.length; start += 20) {
      await Promise.all(
        attempts.slice(start, start + 20).map(async (attempt, j) => {
          const headers: Record<string, string> = {}
          if (attempt.contentType) headers['Content-Type'] = attempt.contentType
          const method = attempt.method ?? 'POST'
          const res = await fetch(`${server.url}/api/newsletter/subscribe`, {
            method,
            headers,
            body: method === 'DELETE' ? undefined : attempt.body,
          })
          await res.arrayBuffer()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          if (res.status < 400 || res.status >= 500) failures.push(`#${start + j}: ${res.status}`)
        }),
      )
    }
    expect(failures).toEqual([])
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true)
    expect([...statuses.values()].reduce((a, b) => a + b)).toBe(1000)

    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    const ok = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': JSON_TYPE },
      body: JSON.stringify(valid),
    })
    expect(ok.status).toBe(201)
    expect(server.child.exitCode).toBeNull()
    expect(server.stderr()).not.toMatch(/"level":(50|60)/)
  })
})
