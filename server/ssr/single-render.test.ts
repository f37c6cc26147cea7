import type * as ReactDomServer from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { renderPage, type RenderOptions } from '../../web/src/entry-server'

// Counts React's server renders: a page is drawn once, whether or not its stylesheet stays inside (ADR 130).
const renders = vi.hoisted(() => ({ count: 0 }))
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactDomServer>()
  return {
    ...actual,
    renderToPipeableStream: (...args: Parameters<typeof actual.renderToPipeableStream>) => {
      renders.count++
      return actual.renderToPipeableStream(...args)
    },
  }
})

const css = '.hero{color:#e0a43a}'
const assets = { entry: '/assets/entry-client-abc.js', css: ['/assets/entry-client-abc.css'], preload: [] }
const options: RenderOptions = {
  publicConfig: { siteUrl: 'http://localhost', content: contentConfigFor({ dataset: 'production' }) },
  assets: { ...assets, inlineCss: assets.css },
  inlineCssText: new Map([[assets.css[0]!, css]]),
  contentApiUrl: 'http://content.test/content',
  now: new Date('2025-10-01T19:00:00Z'),
}

/** A content API that knows only the site settings; lists are empty. */
function fakeContentApi(url: string): Response {
  const query = new URL(url).searchParams.get('query') ?? ''
  if (query.includes('siteSettings')) return Response.json({ result: { bandName: 'Los Forasteros' } })
  if (query.includes('"recent"'))
    return Response.json({ result: { recent: [], later: [], laterCount: 0, past: [], olderCount: 0 } })
  if (query.includes('"posts"')) return Response.json({ result: { total: 0, posts: [] } })
  if (query.includes('$slug')) return Response.json({ result: null })
  return Response.json({ result: query.includes('gallery') ? null : [] })
}

/** The query cache's timestamps differ between two renders; nothing else may. */
const withoutClock = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0')

const htmlOf = async (path: string, extra: Partial<RenderOptions>) => {
  const result = await renderPage(new Request(`http://localhost${path}`), { ...options, ...extra })
  if (result.type !== 'html') throw new Error('expected html')
  return result.html
}

beforeEach(() => {
  renders.count = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => fakeContentApi(String(input))),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('a page is rendered once', () => {
  it('when it fits the first round trip with its stylesheet inside', async () => {
    const html = await htmlOf('/', { fitsFirstRoundTrip: () => true })
    expect(renders.count).toBe(1)
    expect(html).toContain(
      `<style data-precedence="default" data-href="/assets/entry-client-abc.css">${css}</style>`,
    )
  })

  it('when it does not, and is then the page a render with the stylesheet linked writes, byte for byte', async () => {
    for (const path of ['/', '/shows/past', '/nope']) {
      renders.count = 0
      const linked = await htmlOf(path, { fitsFirstRoundTrip: () => false })
      expect(renders.count).toBe(1)
      const direct = await htmlOf(path, {
        assets: { ...assets, inlineCss: [] },
        fitsFirstRoundTrip: () => false,
      })
      expect(withoutClock(linked)).toBe(withoutClock(direct))
      expect(linked).toContain('"inlineCss":[]')
      expect(linked).not.toContain(css)
    }
  })
})
