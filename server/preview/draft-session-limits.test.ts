import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteSettingsQuery } from '../../web/src/content/queries'
import { redactUrl } from '../http/redact'
import { createDraftMode } from './draft-mode'
import { LIVE_STREAMS_PER_SESSION } from './preview-router'
import { startDraftApp, type DraftApp } from './testing/draft-app'

/**
 * What a draft session may do and no more (issue 36), through the real app and the embedded content API: the
 * proxy answers the site's own queries only, a session holds a few live streams, a preview secret opens one
 * session, the `enable` route is rate-limited, a draft page's canonical URL stays on the site, and the secret
 * never reaches the log.
 */
const ENABLES_PER_MINUTE = 12

describe('draft session limits', { timeout: 120_000 }, () => {
  let app: DraftApp
  beforeAll(async () => {
    app = await startDraftApp({
      draftMode: (defaults) => createDraftMode({ ...defaults, enablesPerMinute: ENABLES_PER_MINUTE }),
    })
  })
  afterAll(() => app?.close())

  const proxyQuery = (cookie: string, query: string) =>
    fetch(
      `${app.url}/api/preview/content/v2025-02-19/data/query/production?${new URLSearchParams({ query, $lang: '"en"' })}`,
      { headers: { cookie } },
    )
  const enable = (secret: string, cookie?: string) =>
    fetch(`${app.url}/api/preview/enable?${new URLSearchParams({ 'sanity-preview-secret': secret })}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    })

  it("answers the site's own queries through the proxy, and no other: no secrets, system documents or identity", async () => {
    const cookie = await app.draftCookie()
    const site = await proxyQuery(cookie, siteSettingsQuery)
    expect(site.status).toBe(200)
    expect(((await site.json()) as { result: { bandName: string } }).result.bandName).toBeTruthy()
    for (const query of [
      '*[_type == "sanity.previewUrlSecret"]',
      '*[_id in path("_.**")]',
      'identity()',
      '*[_type == "siteSettings"][0]',
      `${siteSettingsQuery} `,
    ]) {
      const answer = await proxyQuery(cookie, query)
      expect(answer.status, query).toBe(403)
      expect(await answer.json(), query).toEqual({
        message: "The draft preview answers the site's own queries only",
      })
    }
  })

  /** Opens a live draft stream; resolves to its status once the head arrives, and a way to close it. */
  function openStream(cookie: string): Promise<{ status: number; body: string; close: () => void }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${app.url}/api/preview/content/v2025-02-19/data/live/events/production`,
        { headers: { cookie, accept: 'text/event-stream' } },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (body += chunk))
          const close = () => req.destroy()
          if (res.statusCode === 200) resolve({ status: 200, body, close })
          else res.on('end', () => resolve({ status: res.statusCode ?? 0, body, close }))
        },
      )
      req.on('error', reject)
      req.end()
    })
  }

  it('gives one session a few live streams and a 429 with a message past them; other sessions keep theirs', async () => {
    const [greedy, other] = [await app.draftCookie(), await app.draftCookie()]
    const held = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_SESSION }, () => openStream(greedy)))
    expect(held.map((stream) => stream.status)).toEqual(Array(LIVE_STREAMS_PER_SESSION).fill(200))
    const past = await openStream(greedy)
    expect(past.status).toBe(429)
    expect(JSON.parse(past.body)).toEqual({
      message: `This draft session has ${LIVE_STREAMS_PER_SESSION} live previews open, the most it may; close a preview tab and reload`,
    })
    const others = await openStream(other)
    expect(others.status).toBe(200)
    // A closed stream gives its place back.
    held[0]!.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    const again = await openStream(greedy)
    expect(again.status).toBe(200)
    for (const stream of [...held, others, again]) stream.close()
  })

  it('opens one session per secret: a second browser with the same secret is refused, the first may reload', async () => {
    const secret = await app.addSecret()
    const first = await enable(secret)
    expect(first.status).toBe(307)
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    const second = await enable(secret)
    expect(second.status).toBe(401)
    expect(second.headers.get('set-cookie')).toBeNull()
    expect(((await second.json()) as { message: string }).message).toBe(
      'This preview secret was already used; open the preview from the Studio again',
    )
    // The Presentation tool reloading its frame: the same browser, the same session.
    const reload = await enable(secret, cookie)
    expect(reload.status).toBe(307)
    expect(reload.headers.get('set-cookie')!.split(';')[0]).toBe(cookie)
    // Two browsers at once with a new secret: one session.
    const raced = await app.addSecret()
    const both = await Promise.all([enable(raced), enable(raced)])
    expect(both.map((answer) => answer.status).sort()).toEqual([307, 401])
    // Another browser's session does not make the secret its own either.
    const stranger = await enable(secret, await app.draftCookie())
    expect(stranger.status).toBe(401)
  })

  it("renders a draft page of another host's address on this site: canonical and og:url stay here", async () => {
    const cookie = await app.draftCookie()
    for (const target of ['//evil.example/', '//evil.example/news', '/\\evil.example/']) {
      const page = await fetch(`${app.url}${target}`, { headers: { cookie } })
      const html = await page.text()
      expect(html, target).toContain('"draftMode":true')
      expect(html, target).not.toMatch(/rel="canonical" href="[^"]*evil\.example/)
      expect(html, target).not.toMatch(/property="og:url" content="[^"]*\/\/evil\.example/)
    }
    const home = await (await fetch(`${app.url}/`, { headers: { cookie } })).text()
    expect(home).toContain(`<link rel="canonical" href="${app.url}/"/>`)
  })

  it('keeps the preview secret out of the request log', () => {
    const logged = redactUrl(
      '/api/preview/enable?sanity-preview-secret=s3cr3t-value&sanity-preview-pathname=%2F',
    )
    expect(logged).not.toContain('s3cr3t-value')
    expect(logged).toContain('sanity-preview-secret=[redacted]')
  })

  // Last: it spends this address's enable calls for the minute.
  it('limits enable calls per address with a 429 and a message, before any query', async () => {
    const statuses: number[] = []
    for (let i = 0; i < ENABLES_PER_MINUTE + 2; i++) statuses.push((await enable(`forged-${i}`)).status)
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ENABLES_PER_MINUTE)
    const refused = await enable('forged-again')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toEqual({
      message: 'Too many preview openings from your network; try again in a minute',
    })
  })
})
