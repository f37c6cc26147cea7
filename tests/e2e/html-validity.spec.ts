import { siteAddresses, siteContentClient } from './support/site-addresses'
import { checkHtml, formatNuMessage, type HtmlDocument } from './support/nu-html-checker'
import { expect, test } from './support/test'

/**
 * Every page of the route table as the server sends it (status included: the 404 page is one), at the
 * addresses the size guard measures (tests/e2e/support/site-addresses.ts), and the unsubscribe form, which shows
 * only with a subscriber's token.
 */
async function sitePages(baseURL: string): Promise<string[]> {
  const addresses = await siteAddresses(siteContentClient(baseURL))
  return [...addresses.map(({ url }) => url), '/newsletter/unsubscribe?token=nu-html-checker']
}

test('every page passes the Nu HTML checker with no error', async ({ request, baseURL }) => {
  // A generous bound: every page of the route table, at each of its listed query values, in one checker run.
  test.setTimeout(180_000)
  const documents: HtmlDocument[] = []
  for (const url of await sitePages(baseURL!)) {
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
