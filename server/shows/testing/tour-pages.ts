import { contentConfigFor } from '../../../web/src/config/public-config'
import { renderPage } from '../../../web/src/entry-server'
import { startTestContentServer, type TestContentServer } from '../../content-api/testing/test-server'

/** The clock of the tour tests: the content server's (its feeds count a year back from it) and the pages'. */
export const TOUR_NOW = '2025-10-01T19:00:00Z'

/** A published area document, named in English and, when `es` is given, in Spanish (ADR 193). */
export const areaDoc = (slug: string, name: string, es?: string) => ({
  _id: `area-${slug}`,
  _type: 'area',
  name: { _type: 'localeString', en: name, ...(es ? { es } : {}) },
  slug: { _type: 'slug', current: slug },
})

/** A show on sale in Oakland at `startsAt`, in the area `areaSlug` (none for null). */
export const showIn = (id: string, areaSlug: string | null, startsAt = '2025-11-07T03:00:00.000Z') => ({
  _id: id,
  _type: 'event',
  slug: { _type: 'slug', current: id },
  startsAt,
  timeZone: 'America/Los_Angeles',
  venue: `Sala ${id}`,
  city: 'Oakland',
  region: 'CA',
  country: 'US',
  status: 'onSale',
  ticketUrl: `https://tickets.example.com/${id}`,
  ...(areaSlug ? { area: { _type: 'reference', _ref: `area-${areaSlug}` } } : {}),
})

/** A real content API (createApp + SQLite) at TOUR_NOW, with the band's name set, for the show and tour pages. */
export async function startTourContentServer(): Promise<TestContentServer> {
  const server = await startTestContentServer({ env: { TEST_NOW: TOUR_NOW } })
  await server
    .client('editor')
    .create({ _id: 'siteSettings', _type: 'siteSettings', bandName: 'Los Forasteros' })
  return server
}

/** Renders the site's pages as the server does, reading `server`'s content API over HTTP. */
export function tourPages(server: TestContentServer) {
  const render = (path: string, now = TOUR_NOW) =>
    renderPage(new Request(`http://localhost${path}`), {
      publicConfig: { siteUrl: 'https://band.example', content: contentConfigFor({ dataset: 'production' }) },
      assets: { entry: '/assets/entry.js', css: [], preload: [] },
      contentApiUrl: `${server.url}/content`,
      now: new Date(now),
    })
  return {
    render,
    /** The page's status and HTML; throws for a redirect or another kind of answer. */
    async html(path: string, now?: string) {
      const result = await render(path, now)
      if (result.type !== 'html') throw new Error(`expected html for ${path}`)
      return result
    },
  }
}

/** The JSON-LD objects of a page, each script's array spread. */
export const jsonLdOf = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
    (match) => [JSON.parse(match[1]!) as Record<string, unknown>].flat() as Record<string, unknown>[],
  )
