import type { APIRequestContext } from '@playwright/test'
import { checkHtml, formatNuMessage, type HtmlDocument } from './support/nu-html-checker'
import { SPEC_MEDIA_SLUGS } from './support/spec-content'
import { expect, test } from './support/test'

/** The first `href="<prefix><slug>"` in `html` whose slug is not one of `except`. */
function firstLink(html: string, prefix: string, except: string[] = []): string {
  const links = [...html.matchAll(new RegExp(`href="(${prefix}[a-z0-9-]+)"`, 'g'))].map((m) => m[1]!)
  const link = links.find((href) => !except.includes(href))
  if (!link) throw new Error(`no link to ${prefix}… in the page`)
  return link
}

/** The pager's link to the next page of a paged list, if it has one (web/src/components/ui/pager.tsx). */
function nextPage(html: string): string[] {
  const link = /<a [^>]*rel="next"[^>]*>/.exec(html)?.[0]
  const href = link && /href="([^"]+)"/.exec(link)?.[1]
  return href ? [href.replaceAll('&amp;', '&')] : []
}

/** Every kind of page the site renders, as the server sends it (status included: the 404 page is one). */
async function sitePages(request: APIRequestContext): Promise<string[]> {
  const get = async (url: string) => (await request.get(url)).text()
  const news = await get('/news')
  const pastShows = await get('/shows/past')
  const upcomingShows = await get('/shows')
  const pages = [
    '/',
    `/?media=${SPEC_MEDIA_SLUGS[2]}`,
    '/news',
    ...nextPage(news),
    firstLink(news, '/news/'),
    '/shows',
    ...nextPage(upcomingShows),
    // The tour in one area (/shows?area=<slug>).
    firstLink(upcomingShows, '/shows\\?area='),
    '/shows/past',
    ...nextPage(pastShows),
    firstLink(pastShows, '/shows/', ['/shows/past']),
    '/newsletter/confirmed',
    '/newsletter/confirmed?status=expired',
    '/newsletter/unsubscribe?token=nu-html-checker',
    '/newsletter/unsubscribed',
    '/newsletter/unsubscribed?status=invalid',
    '/no/such/page',
  ]
  return pages
}

test('every page passes the Nu HTML checker with no error', async ({ request }) => {
  test.setTimeout(120_000)
  const documents: HtmlDocument[] = []
  for (const url of await sitePages(request)) {
    const response = await request.get(url)
    expect(response.headers()['content-type'], url).toContain('text/html')
    documents.push({ name: url, html: await response.text() })
  }
  const messages = await checkHtml(documents)
  const warnings = messages.filter((m) => m.kind === 'warning')
  if (warnings.length > 0) {
    test.info().annotations.push({
      type: 'Nu HTML checker warnings',
      description: warnings.map(formatNuMessage).join('\n'),
    })
  }
  const errors = messages.filter((m) => m.kind === 'error').map(formatNuMessage)
  expect(errors, `${errors.length} errors in ${documents.length} pages:\n${errors.join('\n')}`).toEqual([])
})
