import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { showPageQuery } from '../../web/src/content/queries'
import { createEmbeddedContentApi, type EmbeddedContentApi } from '../content-api/embedded-content-api'
import { ContentStore } from '../content-api/engine'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { embeddedSiteContent } from '../page-cache/site-content'
import { seedWithoutFiles } from '../page-cache/testing/seed-without-files'
import { sourceRenderer } from '../page-cache/testing/source-renderer'
import { createTestApp } from '../testing/test-app'
import { createDraftMode } from './draft-mode'
import { DRAFT_COOKIE } from './draft-sessions'
import { issuePreviewToken } from './preview-token'

/**
 * Draft sessions are kept apart from everyone else (issue 28, ADR 160), through the real app: the embedded
 * content API, the page cache and the feeds, a secret document as the Studio's Presentation tool writes it.
 */
const SHOW = 'event-2025-11-08-irvine-bowl'
const SHOW_PAGE = '/shows/2025-11-08-irvine-bowl-laguna-beach'
const POST = 'news-anniversary-tour'
const DRAFT_VENUE = 'Draft Venue Zq7'
const DRAFT_TITLE = 'Draft Title Zq7'
const RELEASE = 'rSpringTour'
const RELEASE_VENUE = 'Release Venue Zq7'
const SECRET = 'a-valid-secret-from-the-studio'
const OLD_SECRET = 'a-secret-from-two-hours-ago'
const HOUR_MS = 60 * 60 * 1000
const GA_MEASUREMENT_ID = 'G-DRAFTTEST'

describe('draft isolation', { timeout: 120_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let contentApi: EmbeddedContentApi
  let server: Server
  let url: string
  let storeNow = Date.now()

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'draft-isolation-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite'), now: () => new Date(storeNow) })
    const secretDoc = (id: string, secret: string) => ({
      _id: `drafts.${id}`,
      _type: 'sanity.previewUrlSecret',
      secret,
      source: 'presentation',
      studioUrl: 'https://studio.test/admin',
    })
    storeNow = Date.now() - 2 * HOUR_MS
    await store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of seedWithoutFiles()) ws.apply(String(doc._id), { createOrReplace: doc as never })
      ws.apply(`drafts.old-secret`, { createOrReplace: secretDoc('old-secret', OLD_SECRET) as never })
    })
    storeNow = Date.now()
    await store.commit('production', { author: 'test' }, (ws) => {
      const show = ws.get(SHOW)!
      const post = ws.get(POST)!
      ws.apply(`drafts.${SHOW}`, {
        createOrReplace: { ...show, _id: `drafts.${SHOW}`, venue: DRAFT_VENUE } as never,
      })
      ws.apply(`drafts.${POST}`, {
        createOrReplace: { ...post, _id: `drafts.${POST}`, title: DRAFT_TITLE } as never,
      })
      ws.apply(`drafts.new-secret`, { createOrReplace: secretDoc('new-secret', SECRET) as never })
      // The show as a release will publish it, over its draft (issue 38).
      ws.apply(`versions.${RELEASE}.${SHOW}`, {
        createOrReplace: { ...show, _id: `versions.${RELEASE}.${SHOW}`, venue: RELEASE_VENUE } as never,
      })
    })
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' })
    contentApi = await createEmbeddedContentApi({ env, store, logger: createLogger(env) })
    const content = contentConfigFor({ dataset: 'production' })
    server = createServer()
    const draftMode = createDraftMode({
      content,
      token: issuePreviewToken(contentApi.accounts.apiTokens),
      loopbackApiUrl: () => `${url}/content`,
    })
    const app = createTestApp({
      // No redirect of /admin to an HTTPS port: this app answers it itself, as the Studio's HTTPS front does.
      env: { TEST_NOW: '2025-10-01T12:00:00Z', GA_MEASUREMENT_ID, HTTPS_PORT: '0' },
      renderer: sourceRenderer(),
      siteContent: embeddedSiteContent(store, content),
      routers: { '/content': contentApi.router },
      draftMode,
    })
    server.on('request', app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    contentApi?.close()
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const enable = (secret?: string, perspective?: string) =>
    fetch(
      `${url}/api/preview/enable?${new URLSearchParams({
        ...(secret === undefined ? {} : { 'sanity-preview-secret': secret }),
        'sanity-preview-pathname': SHOW_PAGE,
        ...(perspective ? { 'sanity-preview-perspective': perspective } : {}),
      })}`,
      { redirect: 'manual' },
    )

  let secrets = 0
  /** A browser in a draft session: the cookie the enable route set, from a new secret (they are single-use). */
  async function draftCookie(perspective?: string): Promise<string> {
    const secret = `${SECRET}-${++secrets}`
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply(`drafts.secret-${secrets}`, {
        createOrReplace: {
          _id: `drafts.secret-${secrets}`,
          _type: 'sanity.previewUrlSecret',
          secret,
          source: 'presentation',
          studioUrl: 'https://studio.test/admin',
        } as never,
      })
    })
    const answer = await enable(secret, perspective)
    expect(answer.status).toBe(307)
    // The tool's perspective stays in the address, as Sanity's validatePreviewUrl leaves it.
    expect(answer.headers.get('location')).toBe(
      perspective
        ? `${SHOW_PAGE}?${new URLSearchParams({ 'sanity-preview-perspective': perspective })}`
        : SHOW_PAGE,
    )
    const cookie = answer.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(new RegExp(`^${DRAFT_COOKIE}=[\\w-]{43}; Path=/; HttpOnly; SameSite=Strict;`))
    return cookie.split(';')[0]!
  }

  it('refuses a missing, expired or forged secret with 401 and no cookie', async () => {
    for (const secret of [undefined, '', OLD_SECRET, 'forged-secret', `${SECRET}x`]) {
      const answer = await enable(secret)
      expect(answer.status, String(secret)).toBe(401)
      expect(answer.headers.get('set-cookie'), String(secret)).toBeNull()
      expect(((await answer.json()) as { message: string }).message).toMatch(/secret/)
    }
  })

  it('shows drafts to the draft session only, with private, no-store, and never through the page cache', async () => {
    // A visitor first: the published page is rendered and kept.
    const before = await fetch(`${url}${SHOW_PAGE}`)
    expect(before.headers.get('cache-control')).toMatch(/^public/)
    expect(await before.text()).not.toContain(DRAFT_VENUE)

    const cookie = await draftCookie()
    const draft = await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })
    expect(draft.status).toBe(200)
    expect(draft.headers.get('cache-control')).toBe('private, no-store')
    const html = await draft.text()
    expect(html).toContain(DRAFT_VENUE)
    expect(html).toContain('"draftMode":true')

    // The visitor after it still gets the published page, from the cache or a new render alike.
    for (const target of [SHOW_PAGE, '/', '/news', `/news/anniversary-tour`]) {
      const page = await fetch(`${url}${target}`)
      expect(page.headers.get('cache-control'), target).toMatch(/^public/)
      const text = await page.text()
      expect(text, target).not.toContain(DRAFT_VENUE)
      expect(text, target).not.toContain(DRAFT_TITLE)
      expect(text, target).not.toContain('draftMode')
    }
  })

  it('never renders the Studio as a draft page, whatever cookie its browser carries (issue 36)', async () => {
    const cookie = await draftCookie()
    for (const studioPage of ['/admin', '/admin/', '/admin/presentation', `/admin/structure/event;${SHOW}`]) {
      const answer = await fetch(`${url}${studioPage}`, { headers: { cookie } })
      expect(answer.status, studioPage).toBe(200)
      const html = await answer.text()
      expect(html, studioPage).toContain('Loading admin panel')
      expect(html, studioPage).not.toContain('draftMode')
      // The Studio reads and writes through the content API, not the draft proxy.
      expect(html, studioPage).toContain('"apiUrl":"/content"')
    }
    // The session itself lives on: the site's pages in it are still draft pages.
    const draft = await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })
    expect(await draft.text()).toContain('"draftMode":true')
  })

  it("counts no page view of a draft page: its config has no Google tag's measurement id (issue 36)", async () => {
    const cookie = await draftCookie()
    const draft = await (await fetch(`${url}/`, { headers: { cookie } })).text()
    expect(draft).toContain('"draftMode":true')
    expect(draft).not.toContain(GA_MEASUREMENT_ID)
    // A fan's page names it: the browser loads the tag from it.
    expect(await (await fetch(`${url}/`)).text()).toContain(`"gaMeasurementId":"${GA_MEASUREMENT_ID}"`)
  })

  it('keeps drafts out of the RSS feed, the sitemap and the calendars, even for a draft session', async () => {
    const cookie = await draftCookie()
    for (const feed of ['/news/rss.xml', '/sitemap.xml', '/shows.ics', `${SHOW_PAGE}.ics`]) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const answer = await fetch(`${url}${feed}`, { headers })
        expect(answer.status, feed).toBe(200)
        const text = await answer.text()
        expect(text, feed).not.toContain(DRAFT_VENUE)
        expect(text, feed).not.toContain(DRAFT_TITLE)
      }
    }
  })

  it('reads drafts through the proxy only in a draft session, with the server token never sent', async () => {
    // The show page's own query, as the page in the browser sends it (the proxy answers no other).
    const query = `${url}/api/preview/content/v2025-02-19/data/query/production?${new URLSearchParams({
      query: showPageQuery,
      $slug: JSON.stringify(SHOW_PAGE.split('/').at(-1)),
      $lang: JSON.stringify('en'),
    })}`
    const anonymous = await fetch(query)
    expect(anonymous.status).toBe(401)
    const cookie = await draftCookie()
    const answer = await fetch(query, { headers: { cookie } })
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const body = (await answer.json()) as { result: { venue: string }; syncTags?: string[] }
    // The venue with its stega edit link (invisible characters) after it.
    expect(body.result.venue.startsWith(DRAFT_VENUE)).toBe(true)
    expect(body.result.venue.length).toBeGreaterThan(DRAFT_VENUE.length)
    expect(JSON.stringify(body)).not.toMatch(/lft_/)
  })

  it("shows the published documents when the Studio's perspective is published, still privately", async () => {
    const draftPage = async (cookie: string) => {
      const page = await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })
      expect(page.headers.get('cache-control')).toBe('private, no-store')
      return page.text()
    }
    // The show page's own query, as the page in the browser sends it (the proxy answers no other).
    const query = `${url}/api/preview/content/v2025-02-19/data/query/production?${new URLSearchParams({
      query: showPageQuery,
      $slug: JSON.stringify(SHOW_PAGE.split('/').at(-1)),
      $lang: JSON.stringify('en'),
    })}`
    const venueRead = async (cookie: string) =>
      ((await (await fetch(query, { headers: { cookie } })).json()) as { result: { venue: string } }).result
        .venue

    // Opened in the published perspective (the `sanity-preview-perspective` the tool sends).
    const cookie = await draftCookie('published')
    const published = await draftPage(cookie)
    expect(published).not.toContain(DRAFT_VENUE)
    expect(published).toContain('"draftMode":true,"previewPerspective":"published"')
    expect(await venueRead(cookie)).not.toContain(DRAFT_VENUE)

    // The tool's switch, as the overlay reports it: drafts from now on, for this session alone.
    const put = (perspective: unknown, headers: Record<string, string>) =>
      fetch(`${url}/api/preview/perspective`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ perspective }),
      })
    expect((await put('drafts', {})).status).toBe(401)
    const switched = await put('drafts', { cookie })
    expect(switched.status).toBe(200)
    expect(switched.headers.get('cache-control')).toBe('private, no-store')
    expect(await draftPage(cookie)).toContain(DRAFT_VENUE)
    expect(await venueRead(cookie)).toMatch(new RegExp(`^${DRAFT_VENUE}`))
    const other = await draftCookie('published')
    expect(await draftPage(other)).not.toContain(DRAFT_VENUE)

    // Back to published; not JSON is refused.
    expect((await put('published', { cookie })).status).toBe(200)
    expect(await draftPage(cookie)).not.toContain(DRAFT_VENUE)
    const form = await fetch(`${url}/api/preview/perspective`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'perspective=published',
    })
    expect(form.status).toBe(415)

    // The public page never saw any of it.
    const visitor = await fetch(`${url}${SHOW_PAGE}`)
    expect(visitor.headers.get('cache-control')).toMatch(/^public/)
    expect(await visitor.text()).not.toContain('previewPerspective')
  })

  it('previews a release stacked on the drafts, privately, and shows no version to anyone else', async () => {
    const query = () =>
      `${url}/api/preview/content/v2025-02-19/data/query/production?${new URLSearchParams({
        query: showPageQuery,
        $slug: JSON.stringify(SHOW_PAGE.split('/').at(-1)),
        $lang: JSON.stringify('en'),
      })}`
    // Opened from the tool with a release selected (its preview URL names the stack as a comma list).
    const cookie = await draftCookie(`${RELEASE},drafts`)
    const page = await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain(RELEASE_VENUE)
    expect(html).toContain(`"previewPerspective":["${RELEASE}","drafts"]`)
    const read = (await (await fetch(query(), { headers: { cookie } })).json()) as {
      result: { venue: string }
    }
    expect(read.result.venue).toMatch(new RegExp(`^${RELEASE_VENUE}`))

    // The tool's switch back to drafts, then to the release again, as the overlay reports it.
    const put = (perspective: unknown) =>
      fetch(`${url}/api/preview/perspective`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ perspective }),
      })
    expect(await (await put('drafts')).json()).toEqual({ perspective: 'drafts' })
    expect(await (await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })).text()).not.toContain(
      RELEASE_VENUE,
    )
    expect(await (await put([RELEASE, 'drafts'])).json()).toEqual({ perspective: [RELEASE, 'drafts'] })
    expect(await (await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })).text()).toContain(RELEASE_VENUE)

    // Nobody else sees the release: the public page, and an anonymous query naming it as its perspective.
    const visitor = await fetch(`${url}${SHOW_PAGE}`)
    expect(visitor.headers.get('cache-control')).toMatch(/^public/)
    expect(await visitor.text()).not.toContain(RELEASE_VENUE)
    for (const perspective of [RELEASE, `${RELEASE},drafts`, 'raw']) {
      const anonymous = await fetch(
        `${url}/content/v2025-02-19/data/query/production?${new URLSearchParams({
          query: '*[_id match $id || venue == $venue]{_id, venue}',
          $id: JSON.stringify(`versions.${RELEASE}.*`),
          $venue: JSON.stringify(RELEASE_VENUE),
          perspective,
        })}`,
      )
      const body = await anonymous.text()
      expect(body, perspective).not.toContain(RELEASE_VENUE)
      expect(body, perspective).not.toContain(`versions.${RELEASE}`)
    }
  })

  it('ends the session on disable', async () => {
    const cookie = await draftCookie()
    const disabled = await fetch(`${url}/api/preview/disable`, { headers: { cookie }, redirect: 'manual' })
    expect(disabled.status).toBe(303)
    expect(disabled.headers.get('set-cookie')).toMatch(new RegExp(`^${DRAFT_COOKIE}=; .*Max-Age=0`))
    const page = await fetch(`${url}${SHOW_PAGE}`, { headers: { cookie } })
    expect(page.headers.get('cache-control')).toMatch(/^public/)
    expect(await page.text()).not.toContain(DRAFT_VENUE)
  })
})
