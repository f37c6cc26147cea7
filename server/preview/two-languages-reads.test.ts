import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { vercelStegaDecode } from '@vercel/stega'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsListQuery, newsPostQuery, showPageQuery, siteSettingsQuery } from '../../web/src/content/queries'
import type {
  NewsListQueryResult,
  NewsPostQueryResult,
  ShowPageQueryResult,
  SiteSettingsQueryResult,
} from '../../web/src/content/sanity.types'
import { contentConfigFor } from '../../web/src/config/public-config'
import { translationOf } from '../../web/src/features/news/utils/post-translation'
import { createEmbeddedContentApi, type EmbeddedContentApi } from '../content-api/embedded-content-api'
import { ContentStore } from '../content-api/engine'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { seedWithoutFiles } from '../page-cache/testing/seed-without-files'
import { draftClientConfig } from './draft-reads'
import { issuePreviewToken } from './preview-token'

/**
 * The site's queries in both languages (ADR 193), read with the official @sanity/client from the embedded content
 * API over HTTP, on the seed content: the page's language or English standing in (and saying so), news per
 * language with translations linked both ways, and in draft mode the edit link of a text naming the language
 * member read, so the Studio opens the Spanish input from a Spanish page.
 */
const SHOW = 'event-2025-11-06-arlington'
const SHOW_SLUG = '2025-11-06-arlington-theatre-santa-barbara'

/** The document id and field path of a string's stega edit link. */
function editLink(value: unknown): { id: string; path: string } | undefined {
  const href = (vercelStegaDecode(String(value)) as { href?: string } | undefined)?.href ?? ''
  const id = /[;/]id=([^;?]+)/.exec(href)?.[1]
  const fieldPath = /;path=([^;?]+)/.exec(href)?.[1]
  return id && fieldPath ? { id: decodeURIComponent(id), path: decodeURIComponent(fieldPath) } : undefined
}

describe('content in two languages through @sanity/client', { timeout: 60_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let contentApi: EmbeddedContentApi
  let server: Server
  let published: SanityClient
  let drafts: SanityClient

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'two-languages-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    await store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of seedWithoutFiles()) ws.apply(String(doc._id), { createOrReplace: doc as never })
    })
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' })
    contentApi = await createEmbeddedContentApi({ env, store, logger: createLogger(env) })
    const app = express()
    app.use('/content', contentApi.router)
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content`
    const content = contentConfigFor({ dataset: 'production' })
    const token = issuePreviewToken(contentApi.accounts.apiTokens)
    drafts = createClient(draftClientConfig({ content, token, loopbackApiUrl: apiHost }))
    published = createClient({
      projectId: content.projectId,
      dataset: 'production',
      apiVersion: content.apiVersion,
      apiHost,
      useProjectHostname: false,
      useCdn: false,
      perspective: 'published',
    })
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    contentApi?.close()
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const show = (client: SanityClient, lang: string) =>
    client.fetch<ShowPageQueryResult>(showPageQuery, { slug: SHOW_SLUG, lang })

  it('reads each page’s language, and only that language', async () => {
    const [en, es] = await Promise.all([show(published, 'en'), show(published, 'es')])
    expect(en!.notes).toBe('All ages. Support from Trío Arroyo Seco.')
    expect(es!.notes).toBe('Para todas las edades. Abre Trío Arroyo Seco.')
    expect([en!.notesLang, es!.notesLang]).toEqual([null, null])
    expect(JSON.stringify(es)).not.toContain('All ages')
    const settings = await published.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: 'es' })
    expect(settings!.tagline).toBe('El son jarocho se topa con el spaghetti western')
    expect(settings!.about![0]).toMatchObject({ _type: 'block' })
    expect(JSON.stringify(settings!.about)).toContain('jinete solitario')
    expect(es!.media!.map((item) => item.alt)).toContain('Una cantante con su jarana bajo el cielo de noche')
  })

  it('falls back to English where the Spanish text is missing, and says so', async () => {
    await published
      .withConfig({ token: contentApi.accounts.apiTokens.create({ label: 'editor', role: 'editor' }).token })
      .patch(SHOW)
      .unset(['notes.es'])
      .commit()
    const es = await show(published, 'es')
    expect(es!.notes).toBe('All ages. Support from Trío Arroyo Seco.')
    expect(es!.notesLang).toBe('en')
    const en = await show(published, 'en')
    expect(en!.notesLang).toBeNull()
    // In draft mode the English standing in opens the English input: that is the text the page shows.
    expect(editLink((await show(drafts, 'es'))!.notes)).toEqual({ id: SHOW, path: 'notes.en' })
  })

  it('gives a Spanish text an edit link to its Spanish member', async () => {
    const settings = await drafts.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: 'es' })
    expect(editLink(settings!.tagline)).toEqual({ id: 'siteSettings', path: 'tagline.es' })
    const english = await drafts.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: 'en' })
    expect(editLink(english!.tagline)).toEqual({ id: 'siteSettings', path: 'tagline.en' })
    const media = (await show(drafts, 'es'))!.media!.find((item) => item.caption)
    expect(editLink(media!.caption)?.path).toBe('caption.es')
  })

  it('lists each language’s posts only, and links translations both ways', async () => {
    const list = (lang: string) =>
      published.fetch<NewsListQueryResult>(newsListQuery, { lang, start: 0, end: 10 })
    const [en, es] = await Promise.all([list('en'), list('es')])
    expect(en.posts.map((post) => post.slug)).toEqual(['anniversary-tour', 'alma-oeste-single'])
    expect(es.posts.map((post) => post.slug)).toEqual(['taller-de-zapateado-oxnard', 'gira-de-aniversario'])
    expect([en.total, es.total]).toEqual([2, 2])

    const post = (slug: string, lang: string) =>
      published.fetch<NewsPostQueryResult>(newsPostQuery, { slug, lang })
    // Linked on the English post; read from either side.
    expect(translationOf((await post('anniversary-tour', 'en'))!)).toEqual({
      locale: 'es',
      path: '/es/news/gira-de-aniversario',
    })
    expect(translationOf((await post('gira-de-aniversario', 'es'))!)).toEqual({
      locale: 'en',
      path: '/news/anniversary-tour',
    })
    // In one language only: no translation, and not found at the other language's address.
    expect(translationOf((await post('taller-de-zapateado-oxnard', 'es'))!)).toBeNull()
    expect(await post('taller-de-zapateado-oxnard', 'en')).toBeNull()
    expect(await post('anniversary-tour', 'es')).toBeNull()
    // Neighbours stay in the post's language.
    const spanish = (await post('gira-de-aniversario', 'es'))!
    expect(spanish.newer?.slug).toBe('taller-de-zapateado-oxnard')
    expect(spanish.older).toBeNull()
  })
})
