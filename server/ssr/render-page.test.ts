import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { renderPage, serializeForScript } from '../../web/src/entry-server'

const assets = { entry: '/assets/entry-client-abc.js', css: ['/assets/entry-client-abc.css'], preload: [] }
const publicConfig = { siteUrl: 'http://localhost', content: contentConfigFor({ dataset: 'production' }) }
const render = (path: string) =>
  renderPage(new Request(`http://localhost${path}`), {
    publicConfig,
    assets,
    contentApiUrl: 'http://content.test/content',
    now: new Date('2025-10-01T19:00:00Z'),
  })

/** A content API that knows only the site settings; lists are empty. */
function fakeContentApi(url: string): Response {
  const query = new URL(url).searchParams.get('query') ?? ''
  if (query.includes('siteSettings')) {
    return Response.json({
      result: { bandName: 'Los Forasteros', tagline: 'Son Jarocho from the Wild West' },
    })
  }
  // The news list is one object: a page of posts and the total.
  if (query.includes('"posts"')) return Response.json({ result: { total: 0, posts: [] } })
  // The tour list and the past shows' first step are objects too.
  if (query.includes('"recent"'))
    return Response.json({ result: { recent: [], later: [], laterCount: 0, past: [], olderCount: 0 } })
  if (query.includes('$slug')) return Response.json({ result: null })
  return Response.json({ result: query.includes('gallery') ? null : [] })
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => fakeContentApi(String(input))),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('renderPage', () => {
  it('renders the whole document with the page title hoisted into <head>', async () => {
    const result = await render('/')
    expect(result).toMatchObject({ type: 'html', status: 200 })
    if (result.type !== 'html') return
    expect(result.html.startsWith('<!DOCTYPE html>')).toBe(true)
    const head = result.html.slice(0, result.html.indexOf('</head>'))
    expect(head).toMatch(/<title>Los Forasteros[^<]*<\/title>/)
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/entry-client-abc.css" data-precedence="default"/>',
    )
  })

  it('writes an inlined stylesheet into <head> as a style React adopts by its href, and its text only there', async () => {
    const css = '.hero{color:#e0a43a}'
    const result = await renderPage(new Request('http://localhost/'), {
      publicConfig,
      assets: { ...assets, inlineCss: assets.css },
      inlineCssText: new Map([[assets.css[0]!, css]]),
      contentApiUrl: 'http://content.test/content',
      now: new Date('2025-10-01T19:00:00Z'),
    })
    if (result.type !== 'html') throw new Error('expected html')
    const head = result.html.slice(0, result.html.indexOf('</head>'))
    expect(head).toContain(
      `<style data-precedence="default" data-href="/assets/entry-client-abc.css">${css}</style>`,
    )
    expect(result.html).not.toContain('rel="stylesheet"')
    // The browser learns which stylesheet is inline, not its text again.
    expect(result.html.split(css)).toHaveLength(2)
    expect(result.html).toContain('"inlineCss":["/assets/entry-client-abc.css"]')
  })

  it('links the stylesheet of a draft page, which its browser keeps between drafts (issue 36)', async () => {
    const result = await renderPage(new Request('http://localhost/'), {
      publicConfig,
      assets: { ...assets, inlineCss: assets.css },
      inlineCssText: new Map([[assets.css[0]!, '.hero{color:#e0a43a}']]),
      contentApiUrl: 'http://content.test/content',
      now: new Date('2025-10-01T19:00:00Z'),
      draftMode: true,
    })
    if (result.type !== 'html') throw new Error('expected html')
    expect(result.html).toContain('<link rel="stylesheet" href="/assets/entry-client-abc.css"')
    expect(result.html).not.toContain('<style')
  })

  // No per-request nonce: the page is the same bytes for every visitor; the server allows its inline scripts by
  // hash (ADR 090, server/page-cache/page-responses.test.ts).
  it('hands the browser its state in an inline script without a nonce and loads the entry module', async () => {
    const result = await render('/')
    if (result.type !== 'html') throw new Error('expected html')
    expect(result.html).toMatch(/<script( id="[^"]+")?>window.__APP_STATE__=\{/)
    expect(result.html).not.toContain('nonce')
    expect(result.html).toContain('<script type="module" src="/assets/entry-client-abc.js"></script></body>')
  })

  it('answers 404 with the not-found page for unknown paths', async () => {
    const result = await render('/nope')
    expect(result).toMatchObject({ type: 'html', status: 404 })
    if (result.type === 'html') expect(result.html).toContain('<title>404 Page Not Found</title>')
  })

  it('renders the lazy news page completely', async () => {
    const result = await render('/news')
    if (result.type !== 'html') throw new Error('expected html')
    expect(result.html).toContain('<h1>News</h1>')
    expect(result.html).toContain('No news yet.')
    expect(result.html).not.toContain('Loading news...')
  })

  it('answers 404 with the not-found page for an unknown news post', async () => {
    const result = await render('/news/no-such-post')
    expect(result).toMatchObject({ type: 'html', status: 404 })
    if (result.type === 'html') expect(result.html).toContain('There is no news post at this address.')
  })

  it('renders only the loading text for the browser-only admin panel', async () => {
    const result = await render('/admin')
    if (result.type !== 'html') throw new Error('expected html')
    expect(result.html).toContain('Loading admin panel...')
  })
})

describe('serializeForScript', () => {
  it('cannot close the script element or break the line', () => {
    const out = serializeForScript({ text: '</script><script>alert(1)</script>\u2028' })
    expect(out).not.toContain('</script>')
    expect(out).not.toContain('\u2028')
    expect(JSON.parse(out)).toEqual({ text: '</script><script>alert(1)</script>\u2028' })
  })

  it('draws a Spanish address in Spanish: the 404 page, its title and the frame from the Spanish catalogue', async () => {
    const result = await render('/es/no-such-page')
    expect(result).toMatchObject({ type: 'html', status: 404 })
    if (result.type !== 'html') return
    expect(result.html).toContain('<title>404: Página no encontrada</title>')
    expect(result.html).toContain('<h1>404: Página no encontrada</h1>')
    expect(result.html).toContain('>Saltar al contenido</a>')
    expect(result.html).toContain('>Conciertos</a>')
    expect(result.html).toContain('"locale":"es"')
    expect(result.html).not.toMatch(/Page Not Found|Skip to content|Back to the home page/)
  })
})
