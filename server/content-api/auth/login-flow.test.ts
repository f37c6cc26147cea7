import { createClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

let server: EdgeTestServer

beforeAll(async () => {
  server = await startEdgeTestServer()
  await server.accounts.users.create({
    email: 'Manager@Example.com',
    name: 'Band Manager',
    role: 'administrator',
    password: 'correct horse battery',
  })
})
afterAll(() => server.close())

const clientWith = (token?: string) =>
  createClient({
    apiHost: `${server.url}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2026-05-04',
    useCdn: false,
    token,
  })

function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function openLoginPage(origin: string) {
  const providers = await clientWith().request<{ providers: { name: string; url: string }[] }>({
    url: '/auth/providers',
  })
  const provider = providers.providers[0]!
  const url = `${provider.url}?${new URLSearchParams({ origin, projectId: 'local', withSid: 'true' })}`
  const res = await fetch(url)
  const html = await res.text()
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
  return { res, html, csrf, cookie: cookieFrom(res), action: `${server.url}/content/auth/login` }
}

async function postLogin(
  page: Awaited<ReturnType<typeof openLoginPage>>,
  fields: Record<string, string>,
): Promise<Response> {
  return fetch(page.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
    body: new URLSearchParams({ csrf: page.csrf, ...fields }),
  })
}

describe('provider login flow', () => {
  it('signs in over HTTP, swaps the sid once for a token, and logs out', async () => {
    const origin = `${server.url}/admin/desk`
    const page = await openLoginPage(origin)
    expect(page.res.status).toBe(200)
    expect(page.html).toContain('<label for="email">E-mail</label>')
    expect(page.html).toContain('<label for="password">Password</label>')

    const res = await postLogin(page, {
      email: 'manager@example.com',
      password: 'correct horse battery',
      origin,
    })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(origin)
    const sid = /^#sid=([^&]{20,})$/.exec(location.hash)?.[1]
    expect(sid).toBeTruthy()

    const { token } = await clientWith().request<{ token: string }>({
      url: '/auth/fetch',
      query: { sid: sid! },
    })
    expect(token.length).toBeGreaterThanOrEqual(32)
    await expect(clientWith().request({ url: '/auth/fetch', query: { sid: sid! } })).rejects.toMatchObject({
      statusCode: 401,
    })

    const authed = clientWith(token)
    const me = await authed.request<Record<string, unknown>>({ url: '/users/me' })
    expect(me).toMatchObject({
      name: 'Band Manager',
      email: 'Manager@Example.com',
      role: 'administrator',
      roles: [{ name: 'administrator', title: 'Administrator' }],
    })
    expect(typeof me.id).toBe('string')

    await authed.request({ url: '/auth/logout', method: 'POST' })
    await expect(authed.request({ url: '/users/me' })).rejects.toMatchObject({ statusCode: 401 })
    // Signing out again with the dead token still succeeds, so the Studio can clear it.
    await authed.request({ url: '/auth/logout', method: 'POST' })
  })

  it('shows an error on wrong credentials and keeps the typed e-mail', async () => {
    const origin = `${server.url}/admin`
    const page = await openLoginPage(origin)
    const res = await postLogin(page, { email: 'manager@example.com', password: 'nope', origin })
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('role="alert"')
    expect(html).toContain('Wrong e-mail or password.')
    expect(html).toContain('value="manager@example.com"')
  })

  it('rejects a post without the CSRF cookie', async () => {
    const origin = `${server.url}/admin`
    const page = await openLoginPage(origin)
    const res = await postLogin(
      { ...page, cookie: '' },
      { email: 'manager@example.com', password: 'correct horse battery', origin },
    )
    expect(res.status).toBe(403)
  })

  it('refuses to redirect to another host', async () => {
    const page = await openLoginPage('https://evil.example/admin')
    expect(page.res.status).toBe(400)
    const ok = await openLoginPage(`${server.url}/admin`)
    const res = await postLogin(ok, {
      email: 'manager@example.com',
      password: 'correct horse battery',
      origin: 'https://evil.example/admin',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('rate-limits repeated failures for one e-mail', async () => {
    const origin = `${server.url}/admin`
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const page = await openLoginPage(origin)
      statuses.push(
        (await postLogin(page, { email: 'victim@example.com', password: `guess${i}`, origin })).status,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Eleven deliberately slow password checks, whose CPU time a loaded machine stretches several times over.
  }, 30_000)
})

describe('authenticate', () => {
  it('answers 401 with Sanity error shape for a bad token, and /users/me 401 when anonymous', async () => {
    const res = await fetch(`${server.url}/content/v2026-05-04/users/me`, {
      headers: { authorization: 'Bearer lfs_not-a-real-session-token-at-all-xxxxxxxxxxxx' },
    })
    expect(res.status).toBe(401)
    const body = (await res.json()) as { error: { description: string }; message: string }
    expect(body.error.description).toMatch(/expired/)
    expect(body.message).toBe(body.error.description)
    await expect(clientWith().request({ url: '/users/me' })).rejects.toMatchObject({ statusCode: 401 })
  })

  it('leaves other Authorization schemes (a staging proxy Basic auth) anonymous', async () => {
    const res = await fetch(`${server.url}/content/v1/users/me`, {
      headers: { authorization: `Basic ${Buffer.from('band:secret').toString('base64')}` },
    })
    expect(res.status).toBe(401)
    const query = await fetch(`${server.url}/content/v1/data/query/production?query=count(*)`, {
      headers: { authorization: 'Basic YmFuZDpzZWNyZXQ=' },
    })
    expect(query.status).toBe(200)
  })

  it('resolves API tokens, and accepts v1 as well as dated versions', async () => {
    const { token } = server.accounts.apiTokens.create({ label: 'CI', role: 'viewer' })
    const res = await fetch(`${server.url}/content/v1/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await res.json()).toMatchObject({ name: 'CI', role: 'viewer', provider: 'token' })
  })
})
