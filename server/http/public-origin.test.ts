import type { Request } from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { hostNameOf, isAllowedHost, publicOriginOf } from './public-origin'

describe('host allow-list', () => {
  it('reads host names from Host headers, refusing anything else', () => {
    expect(hostNameOf('Band.Example:8080')).toBe('band.example')
    expect(hostNameOf('[::1]:3000')).toBe('[::1]')
    expect(hostNameOf('evil.example/path')).toBeNull()
    expect(hostNameOf('user@evil.example')).toBeNull()
    expect(hostNameOf(undefined)).toBeNull()
    // Malformed names and ports (issue 27): no URL can be built from them, so they are refused too.
    for (const malformed of [
      'a..localhost',
      '.localhost',
      'localhost.',
      '-a.localhost',
      'a-.localhost',
      `${'a'.repeat(64)}.localhost`,
      'localhost:99999',
      'localhost:0',
      'localhost:',
      '[::1',
      '[zz::1]',
      '[::1]:65536',
    ])
      expect(hostNameOf(malformed), malformed).toBeNull()
    expect(hostNameOf('a-b.localhost:65535')).toBe('a-b.localhost')
    expect(hostNameOf('[::FFFF:127.0.0.1]')).toBe('[::ffff:127.0.0.1]')
    const policy = { siteUrl: new URL('https://band.example'), allowedHosts: ['www.band.example'] }
    expect(
      ['localhost:3000', '127.0.0.1', 'band.example', 'www.band.example:443'].map((h) =>
        isAllowedHost(h, policy),
      ),
    ).toEqual([true, true, true, true])
    expect(isAllowedHost('band.localhost:8443', policy)).toBe(true)
    expect(isAllowedHost('evil.example', policy)).toBe(false)
    expect(isAllowedHost('localhost.evil.example', policy)).toBe(false)
    expect(isAllowedHost('band.example.evil.example', policy)).toBe(false)
    expect(isAllowedHost('a..localhost', policy)).toBe(false)
    expect(isAllowedHost('localhost:99999', policy)).toBe(false)
  })

  it('answers 400 to an unknown Host before anything builds a URL from it', async () => {
    const app = createTestApp({ env: { HTTPS_PORT: '3543' } })
    const res = await request(app).get('/admin').set('Host', 'evil.example').expect(400)
    expect(res.headers.location).toBeUndefined()
    expect(res.body.error).toMatch(/Unknown host/)
    await request(app).get('/healthz').set('Host', 'localhost:3000').expect(200)
    await request(app).get('/healthz').set('Host', 'a..localhost').expect(400)
    await request(app).get('/healthz').set('Host', 'localhost:99999').expect(400)
    const allowed = createTestApp({ env: { ALLOWED_HOSTS: 'band.example, www.band.example' } })
    await request(allowed).get('/healthz').set('Host', 'www.band.example').expect(200)
    await request(allowed).get('/healthz').set('Host', 'evil.example').expect(400)
  })

  it('builds the /admin redirect from SITE_URL when it is set', async () => {
    const https = createTestApp({ env: { SITE_URL: 'https://band.example', HTTPS_PORT: '3543' } })
    const toSite = await request(https).get('/admin/structure?x=1').set('Host', 'localhost:3000').expect(302)
    expect(toSite.headers.location).toBe('https://band.example/admin/structure?x=1')
    const plain = createTestApp({ env: { SITE_URL: 'http://band.example:8080', HTTPS_PORT: '3543' } })
    const toPort = await request(plain).get('/admin').set('Host', 'band.example:8080').expect(302)
    expect(toPort.headers.location).toBe('https://band.example:3543/admin')
  })

  it('uses SITE_URL for absolute URLs on its own scheme, the vetted request origin otherwise', () => {
    const policy = { siteUrl: new URL('http://band.example:8080'), allowedHosts: [] }
    const req = (protocol: string, host: string) => ({ protocol, get: () => host }) as unknown as Request
    expect(publicOriginOf(req('http', 'localhost:8080'), policy)).toBe('http://band.example:8080')
    expect(publicOriginOf(req('https', 'band.example:3543'), policy)).toBe('https://band.example:3543')
    expect(publicOriginOf(req('https', 'localhost:3543'), { allowedHosts: [] })).toBe(
      'https://localhost:3543',
    )
  })
})

describe('transport and policy headers', () => {
  it('sends HSTS on HTTPS responses only, and a Permissions-Policy on all', async () => {
    const app = createTestApp({ env: { SITE_URL: 'https://band.example' } })
    const secure = await request(app)
      .get('/healthz')
      .set('Host', 'band.example')
      .set('X-Forwarded-Proto', 'https')
      .expect(200)
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000')
    // Never for this machine's names: HSTS would hold for the plain-HTTP site on its other ports too.
    const local = await request(app).get('/healthz').set('X-Forwarded-Proto', 'https').expect(200)
    expect(local.headers['strict-transport-security']).toBeUndefined()
    const plain = await request(app).get('/healthz').expect(200)
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    expect(plain.headers['permissions-policy']).toContain('camera=()')
  })

  it('allows the tag manager in CSP only when analytics is on', async () => {
    const off = await request(createTestApp()).get('/healthz')
    expect(off.headers['content-security-policy']).not.toContain('googletagmanager')
    expect(off.headers['content-security-policy']).not.toContain('google-analytics')
    const on = await request(createTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST123' } })).get('/healthz')
    expect(on.headers['content-security-policy']).toMatch(
      /script-src [^;]*https:\/\/www\.googletagmanager\.com/,
    )
    expect(on.headers['content-security-policy']).toMatch(
      /connect-src [^;]*https:\/\/\*\.google-analytics\.com/,
    )
  })
})
