import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { decodeSanityNodeData } from '@sanity/visual-editing-csm'
import { vercelStegaDecode } from '@vercel/stega'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { createEmbeddedContentApi, type EmbeddedContentApi } from '../content-api/embedded-content-api'
import { ContentStore } from '../content-api/engine'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { embeddedSiteContent } from '../page-cache/site-content'
import { seedWithoutFiles } from '../page-cache/testing/seed-without-files'
import { sourceRenderer } from '../page-cache/testing/source-renderer'
import { createTestApp } from '../testing/test-app'
import { createDraftMode } from './draft-mode'
import { createDraftSessions, DRAFT_COOKIE } from './draft-sessions'
import { issuePreviewToken } from './preview-token'

/**
 * Click to edit (issue 28): every text and image of the issue's list, on the draft pages that show it, names the
 * document and the field the Studio opens, through stega in its text or an explicit `data-sanity` attribute.
 */
type Target = { id: string; path: string }

/** Where a click on `element` leads: its own `data-sanity`, else the stega edit link in its text. */
function editTargetOf(element: Element): Target | undefined {
  const attribute = element.closest('[data-sanity]')?.getAttribute('data-sanity')
  const node = attribute ? decodeSanityNodeData(attribute) : undefined
  if (node && 'id' in node && 'path' in node) return { id: node.id, path: node.path }
  const decoded = vercelStegaDecode(element.textContent ?? '') as { href?: string } | undefined
  const href = decoded?.href ?? ''
  const id = /[;/]id=([^;?]+)/.exec(href)?.[1]
  const fieldPath = /;path=([^;?]+)/.exec(href)?.[1]
  return id && fieldPath ? { id: decodeURIComponent(id), path: decodeURIComponent(fieldPath) } : undefined
}

const SHOW_PAGE = '/shows/2025-11-08-irvine-bowl-laguna-beach'
const POST_PAGE = '/news/anniversary-tour'
/** Shows with a photo (given an image below: the seed's files are not loaded) and with a video. */
const SHOW_WITH_PHOTO = '/shows/2025-10-25-land-sky-somis'
const SHOW_WITH_VIDEO = '/shows/2025-11-06-arlington-theatre-santa-barbara'
const PHOTO_ITEM = 'media-tour-promo-poster'

/** The issue's list: page, element, and the document and field it opens (a regular expression for the path). */
const ITEMS: { item: string; page: string; selector: string; id: RegExp; path: RegExp }[] = [
  { item: 'tagline', page: '/', selector: '.hero__tagline', id: /^siteSettings$/, path: /^tagline\.en$/ },
  { item: 'event date', page: '/', selector: '.event-list time', id: /^event-/, path: /^startsAt$/ },
  { item: 'venue', page: '/', selector: '.event-list__venue', id: /^event-/, path: /^venue$/ },
  { item: 'city', page: '/', selector: '.event-list__city', id: /^event-/, path: /^city$/ },
  { item: 'status', page: '/', selector: '.event-list [class*="status"]', id: /^event-/, path: /^status$/ },
  { item: 'media image', page: '/', selector: '.media-tile__image', id: /^media/, path: /^(image|poster)$/ },
  { item: 'about text', page: '/', selector: '.about p', id: /^siteSettings$/, path: /^about\.en\[/ },
  {
    item: 'news title (list)',
    page: '/news',
    selector: '.news-card__title a',
    id: /^news-/,
    path: /^title$/,
  },
  {
    item: 'news date (list)',
    page: '/news',
    selector: '.news-card__date',
    id: /^news-/,
    path: /^publishedAt$/,
  },
  { item: 'news title (post)', page: POST_PAGE, selector: '.news-post h1', id: /^news-/, path: /^title$/ },
  {
    item: 'news date (post)',
    page: POST_PAGE,
    selector: '.news-post__date',
    id: /^news-/,
    path: /^publishedAt$/,
  },
  {
    item: 'news body',
    page: POST_PAGE,
    selector: '.news-post p:not([class])',
    id: /^news-/,
    path: /^body\[/,
  },
  {
    item: 'show date and times',
    page: SHOW_PAGE,
    selector: '.show-details time',
    id: /^event-/,
    path: /^(startsAt|doorsTime)$/,
  },
  { item: 'show venue', page: SHOW_PAGE, selector: '.show-details__venue', id: /^event-/, path: /^venue$/ },
  {
    item: 'show status',
    page: SHOW_PAGE,
    selector: '.show-details__status',
    id: /^event-/,
    path: /^status$/,
  },
  {
    item: 'show media caption',
    page: SHOW_WITH_PHOTO,
    selector: '.show-media__item figcaption',
    id: /^media/,
    path: /^caption\.en$/,
  },
  {
    item: 'show photo',
    page: SHOW_WITH_PHOTO,
    selector: '.show-media__image',
    id: /^media-/,
    path: /^image$/,
  },
  {
    item: 'show video',
    page: SHOW_WITH_VIDEO,
    selector: '.youtube-facade',
    id: /^media-/,
    path: /^youtubeId$/,
  },
]

describe('click to edit on draft pages', { timeout: 120_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let contentApi: EmbeddedContentApi
  let server: Server
  let url: string
  let cookie: string
  const pages = new Map<string, Document>()

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'click-to-edit-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    await store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of seedWithoutFiles()) ws.apply(String(doc._id), { createOrReplace: doc as never })
      const photo = ws.get(PHOTO_ITEM)!
      const image = { _type: 'image', asset: { _type: 'reference', _ref: 'image-a1b2c3-800x600-jpg' } }
      ws.apply(PHOTO_ITEM, { createOrReplace: { ...photo, image } as never })
    })
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' })
    contentApi = await createEmbeddedContentApi({ env, store, logger: createLogger(env) })
    const content = contentConfigFor({ dataset: 'production' })
    const sessions = createDraftSessions()
    cookie = `${DRAFT_COOKIE}=${sessions.start()}`
    server = createServer()
    const app = createTestApp({
      env: { TEST_NOW: '2025-10-01T12:00:00Z' },
      renderer: sourceRenderer(),
      siteContent: embeddedSiteContent(store, content),
      routers: { '/content': contentApi.router },
      draftMode: createDraftMode({
        content,
        sessions,
        token: issuePreviewToken(contentApi.accounts.apiTokens),
        loopbackApiUrl: () => `${url}/content`,
      }),
    })
    server.on('request', app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    for (const page of new Set(ITEMS.map((item) => item.page))) {
      const answer = await fetch(`${url}${page}`, { headers: { cookie } })
      expect(answer.headers.get('cache-control'), page).toBe('private, no-store')
      pages.set(page, new JSDOM(await answer.text()).window.document)
    }
  }, 120_000)
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    contentApi?.close()
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each(ITEMS)('$item on $page opens its document and field', ({ page, selector, id, path: fieldPath }) => {
    const elements = [...pages.get(page)!.querySelectorAll(selector)]
    expect(elements.length, selector).toBeGreaterThan(0)
    for (const element of elements) {
      const target = editTargetOf(element)
      expect(target, `${selector}: ${element.outerHTML.slice(0, 200)}`).toBeDefined()
      expect(target!.id).toMatch(id)
      expect(target!.path).toMatch(fieldPath)
    }
  })
})
