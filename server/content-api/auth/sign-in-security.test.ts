import { get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

/**
 * Sign-in as an attacker meets it. Clients at other addresses are simulated the way a loopback proxy
 * (Caddy, the HTTPS front) reports them: X-Forwarded-For and X-Forwarded-Proto, which the app trusts from
 * loopback only.
 */
let server: EdgeTestServer
const OWNER = { email: 'owner@band.example', password: 'the right password' }
const ATTACKER = '198.51.100.7'
const OWNER_HOME = '203.0.113.9'

beforeAll(async () => {
  server = await startEdgeTestServer()
  await server.accounts.users.create({ ...OWNER, name: 'Owner', role: 'administrator' })
})
afterAll(() => server.close())

const via = (address: string, proto = 'https') => ({ 'x-forwarded-for': address, 'x-forwarded-proto': proto })

async function signIn(
  fields: { email: string; password: string; origin?: string },
  headers: Record<string, string> = {},
) {
  const origin = fields.origin ?? `${server.url}/admin`
  const page = await fetch(`${server.url}/content/auth/login?origin=${encodeURIComponent(origin)}`, {
    headers,
  })
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return fetch(`${server.url}/content/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrf, email: fields.email, password: fields.password, origin }),
  })
}

// Each failed sign-in runs a full password hash on purpose; twenty of them take seconds on a busy machine.
describe('sign-in throttling', { timeout: 60_000 }, () => {
  it('lets the owner in from a clean address after an attack on the account', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const res = await signIn({ email: OWNER.email, password: `guess ${i}` }, via(ATTACKER))
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429])

    // The attacker's address waits, even with the right password; the page says for how long.
    const throttled = await signIn(OWNER, via(ATTACKER))
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await throttled.text()).toMatch(/Too many failed sign-ins from here\. Try again in \d+ seconds?\./)

    const owner = await signIn(OWNER, via(OWNER_HOME))
    expect(owner.status).toBe(303)
    expect(owner.headers.get('location')).toMatch(/\/admin#sid=lfi_/)
  })

  it('slows one address trying many accounts', async () => {
    const sprayer = '198.51.100.99'
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      statuses.push((await signIn({ email: `user${i}@band.example`, password: 'x' }, via(sprayer))).status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses[20]).toBe(429)
    expect((await signIn(OWNER, via('203.0.113.50'))).status).toBe(303)
  })

  it('counts an IPv6 client per /64: a new address in the same /64 is no clean slate', async () => {
    // One client usually owns a whole /64 and may send every guess from another address in it.
    const statuses: number[] = []
    for (let i = 1; i <= 11; i++) {
      const address = `2001:db8:77:1:${i.toString(16)}:0:0:${i.toString(16)}`
      statuses.push((await signIn({ email: OWNER.email, password: `guess ${i}` }, via(address))).status)
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429])
    // Another /64 is another client; the owner still signs in.
    expect((await signIn(OWNER, via('2001:db8:77:2::1'))).status).toBe(303)
  })
})

describe('secrets only over HTTPS (or from this machine)', () => {
  it('refuses sign-in over plain HTTP from another machine, with a message', async () => {
    const res = await signIn(OWNER, via(OWNER_HOME, 'http'))
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('Sign-in and tokens need HTTPS')
    // Loopback clients (the tests, the server's own reads) and HTTPS ones are fine.
    expect((await signIn(OWNER)).status).toBe(303)
  })

  it('refuses the sid exchange and bearer calls over plain HTTP from another machine', async () => {
    const user = server.accounts.users.list().find((u) => u.email === OWNER.email)!
    const { token } = server.accounts.sessions.create(user.id)
    const me = `${server.url}/content/v2026-05-04/users/me`
    const plain = await fetch(me, {
      headers: { ...via(OWNER_HOME, 'http'), authorization: `Bearer ${token}` },
    })
    expect(plain.status).toBe(403)
    expect(((await plain.json()) as { message: string }).message).toMatch(/need HTTPS/)
    const secure = await fetch(me, { headers: { ...via(OWNER_HOME), authorization: `Bearer ${token}` } })
    expect(secure.status).toBe(200)

    const sid = server.accounts.sessions.grantLogin(user.id)
    const fetchSid = (headers: Record<string, string>) =>
      fetch(`${server.url}/content/v2026-05-04/auth/fetch?sid=${sid}`, { headers })
    expect((await fetchSid(via(OWNER_HOME, 'http'))).status).toBe(403)
    expect((await fetchSid(via(OWNER_HOME))).status).toBe(200)
  })
})

describe('the login hands a sid to the Studio only', () => {
  it.each([
    '/content/files/local/production/0000000000000000000000000000000000000000.html',
    '/news/some-post',
    '/',
    '/admin/../content/files/x.html',
    '/administrator',
  ])('refuses origin %s', async (path) => {
    const res = await fetch(
      `${server.url}/content/auth/login?origin=${encodeURIComponent(`${server.url}${path}`)}`,
    )
    expect(res.status).toBe(400)
    const post = await signIn({ ...OWNER, origin: `${server.url}${path}` })
    expect(post.status).toBe(400)
    expect(post.headers.get('location')).toBeNull()
  })

  it('accepts the Studio and its deep links', async () => {
    const res = await signIn({ ...OWNER, origin: `${server.url}/admin/structure/event` })
    expect(res.status).toBe(303)
  })
})

describe('the login URL with SITE_URL set', () => {
  it('uses SITE_URL on its scheme, and the vetted request origin on the other', async () => {
    const site = await startEdgeTestServer({ SITE_URL: 'http://band.example:8080' })
    try {
      const providers = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${site.url}/content/v2026-05-04/auth/providers`, { headers })
        return ((await res.json()) as { providers: { url: string }[] }).providers[0]!.url
      }
      expect(await providers()).toBe('http://band.example:8080/content/auth/login')
      const port = new URL(site.url).port
      expect(await providers({ 'x-forwarded-proto': 'https' })).toBe(
        `https://localhost:${port}/content/auth/login`,
      )
      // fetch() will not send a Host of our choosing; node:http will.
      const forged = await new Promise<number>((resolve, reject) => {
        get(
          `${site.url}/content/v2026-05-04/auth/providers`,
          { headers: { host: 'evil.example' } },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        ).on('error', reject)
      })
      expect(forged).toBe(400)
    } finally {
      await site.close()
    }
  })
})
