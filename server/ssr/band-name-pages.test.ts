import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { renderPage } from '../../web/src/entry-server'

const assets = { entry: '/assets/entry-client-abc.js', css: [], preload: [] }
const publicConfig = { siteUrl: 'http://localhost', content: contentConfigFor({ dataset: 'production' }) }

/** A content API whose site settings name the band `bandName`; everything else is empty. */
function contentApiNaming(bandName: string) {
  return async (input: string | URL) => {
    const query = new URL(String(input)).searchParams.get('query') ?? ''
    if (query.includes('siteSettings')) return Response.json({ result: { bandName } })
    return Response.json({ result: null })
  }
}

async function render(path: string): Promise<string> {
  const result = await renderPage(new Request(`http://localhost${path}`), {
    publicConfig,
    assets,
    contentApiUrl: 'http://content.test/content',
    now: new Date('2025-10-01T19:00:00Z'),
  })
  if (result.type !== 'html') throw new Error('expected html')
  return result.html
}

let bandName = 'Los Renombrados'
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL) => contentApiNaming(bandName)(input)),
  ),
)
afterEach(() => vi.unstubAllGlobals())

/** The newsletter's pages name the band as the site settings do (ADR 074), never a name of their own. */
describe('newsletter pages name the band from the site settings', () => {
  it('titles the confirmation pages with the settings’ name', async () => {
    bandName = 'Los Renombrados'
    expect(await render('/newsletter/confirmed')).toContain(
      '<title>Subscription confirmed · Los Renombrados</title>',
    )
    expect(await render('/newsletter/unsubscribed')).toContain(
      '<title>Unsubscribed · Los Renombrados</title>',
    )
  })

  it('names the renamed band in the unsubscribe page’s title and question', async () => {
    bandName = 'Las Forajidas'
    const html = await render('/newsletter/unsubscribe?token=abc')
    expect(html).toContain('<title>Unsubscribe · Las Forajidas</title>')
    expect(html).toContain('<h1>Unsubscribe from the Las Forajidas newsletter?</h1>')
  })
})
