import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PageCache, type Freshness } from './page-cache'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { bodyOf, createRendition } from './rendition'

const always: Freshness = { isFresh: () => true }
const page = (body: string, status = 200) =>
  createRendition({ status, contentType: 'text/html; charset=utf-8', body }).then((rendition) => ({
    rendition,
    freshness: always,
  }))

describe('PageCache', () => {
  it('renders a key once and answers later calls from memory', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    let renders = 0
    const render = () => {
      renders++
      return page('<p>hello</p>')
    }
    const [a, b] = await Promise.all([cache.render('/', render), cache.render('/', render)])
    const c = await cache.render('/', render)
    expect(renders).toBe(1)
    expect(a).toBe(b)
    expect(c).toBe(a)
    expect(cache.get('/')).toBe(a)
  })

  it('keeps as many pages as its bytes allow, however many that is, and evicts by bytes', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    for (let i = 0; i < 600; i++) await cache.render(`/${i}`, () => page(`<p>${i}</p>`))
    expect(cache.stats().entries).toBe(600)
    const small = (await page('<p>0</p>')).rendition.bytes
    // One page as big as the rest together pushes out, coldest first, as many small ones as its bytes need. Its
    // body does not compress, so its stored forms are about its length.
    const wanted = 1e6 - 600 * small + 100 * small
    const noise = (length: number) => randomBytes(length).toString('base64').slice(0, length)
    const probe = (await page(noise(wanted))).rendition.bytes
    const big = await page(noise(Math.floor((wanted * wanted) / probe)))
    await cache.render('/big', async () => big)
    expect(cache.stats().bytes).toBeLessThanOrEqual(1e6)
    expect(cache.get('/big')).toBeDefined()
    expect(cache.get('/0')).toBeUndefined()
    expect(cache.get('/599')).toBeDefined()
  })

  it('keeps the pages read again through a crawl of pages read once: a crawler never evicts the home page', async () => {
    const one = (await page('<p>page 0</p>')).rendition.bytes
    const cache = new PageCache({ maxBytes: one * 20 })
    const home = await cache.render('/', () => page('<p>home!</p>'))
    expect(cache.get('/')).toBe(home)
    for (let i = 0; i < 200; i++) await cache.render(`/news/${i}`, () => page(`<p>news ${i}</p>`))
    expect(cache.get('/')).toBe(home)
    expect(cache.stats().bytes).toBeLessThanOrEqual(one * 20)
    // Pages the crawler reads again move up, and while they fit beside it, the home page stays.
    for (let i = 190; i < 200; i++) cache.get(`/news/${i}`)
    for (let i = 200; i < 400; i++) await cache.render(`/news/${i}`, () => page(`<p>news ${i}</p>`))
    expect(cache.get('/')).toBe(home)
  })

  it('puts a page dropped by a content change back among the pages read again', async () => {
    const one = (await page('<p>page 0</p>')).rendition.bytes
    const cache = new PageCache({ maxBytes: one * 20 })
    await cache.render('/', () => page('<p>home!</p>'))
    cache.get('/')
    cache.invalidate()
    const home = await cache.render('/', () => page('<p>home?</p>'))
    for (let i = 0; i < 200; i++) await cache.render(`/news/${i}`, () => page(`<p>news ${i}</p>`))
    expect(cache.get('/')).toBe(home)
  })

  it('keeps at most maxBytes, and never a rendition larger than that', async () => {
    const big = 'x'.repeat(3000)
    const one = (await page(`1${big}`)).rendition.bytes
    const cache = new PageCache({ maxBytes: one * 2 + 10 })
    for (let i = 1; i <= 5; i++) await cache.render(`/${i}`, () => page(`${i}${big}`))
    expect(cache.stats().entries).toBe(2)
    expect(cache.stats().bytes).toBeLessThanOrEqual(one * 2 + 10)
    const tiny = new PageCache({ maxBytes: 10 })
    await tiny.render('/', () => page(big))
    expect(tiny.stats().entries).toBe(0)
  })

  it('shares one rendition between keys with the same bytes and counts it once', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    const first = await cache.render('/', () => page('<p>home</p>'))
    const second = await cache.render('/?media=unknown', () => page('<p>home</p>'))
    expect(second).toBe(first)
    expect(cache.stats()).toMatchObject({ entries: 2, renditions: 1, bytes: first.bytes })
  })

  it('does not keep a render that throws or answers 5xx', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    await expect(cache.render('/', () => Promise.reject(new Error('content API down')))).rejects.toThrow()
    expect(cache.get('/')).toBeUndefined()
    await cache.render('/', () => page('<p>error</p>', 500))
    expect(cache.get('/')).toBeUndefined()
    await cache.render('/', () => page('<p>ok</p>'))
    expect(cache.get('/')).toBeDefined()
  })

  it('forgets everything on invalidate, and never stores or shares a render started before it', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    await cache.render('/', () => page('<p>v1</p>'))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const stale = cache.render('/news', async () => {
      await gate
      return page('<p>old news</p>')
    })
    cache.invalidate()
    expect(cache.get('/')).toBeUndefined()
    // A request after the change does not join the render that began before it.
    const fresh = cache.render('/news', () => page('<p>new news</p>'))
    release()
    expect(bodyOf(await stale, 'identity').toString()).toBe('<p>old news</p>')
    expect(bodyOf(await fresh, 'identity').toString()).toBe('<p>new news</p>')
    expect(bodyOf(cache.get('/news')!, 'identity').toString()).toBe('<p>new news</p>')
  })

  it('on invalidate with sync tags, forgets only the pages that read a tag it names, and pages without tags', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    const tagged = (body: string, syncTags?: string[]) => async () => ({ ...(await page(body)), syncTags })
    await cache.render('/', tagged('<p>home</p>', ['s1:settings', 's1:shows']))
    await cache.render('/news', tagged('<p>news</p>', ['s1:settings', 's1:posts']))
    await cache.render('/same-as-news', tagged('<p>news</p>', ['s1:other']))
    await cache.render('/feed', tagged('<p>untracked</p>'))
    expect(cache.invalidate(['s1:posts', 's1:unrelated'])).toEqual(['/news', '/feed'])
    expect(cache.keys()).toEqual(['/', '/same-as-news'])
    // The rendition shared with a forgotten key stays for the key that still holds it.
    expect(bodyOf(cache.get('/same-as-news')!, 'identity').toString()).toBe('<p>news</p>')
    expect(cache.stats()).toMatchObject({ entries: 2, renditions: 2 })
    expect(cache.invalidate(['s1:nothing-read'])).toEqual([])
    expect(cache.invalidate()).toEqual(['/', '/same-as-news'])
    expect(cache.stats()).toMatchObject({ entries: 0, renditions: 0, bytes: 0 })
  })

  it('follows a page to what it read last: a change to its old reads keeps it, one to its new reads forgets it', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    const tagged = (body: string, syncTags?: string[]) => async () => ({ ...(await page(body)), syncTags })
    await cache.render('/shows', tagged('<p>v1</p>', ['s1:old-show']))
    cache.invalidate(['s1:unrelated'])
    // Gone (by its age, say) and rendered again, now from other content.
    expect(cache.invalidate(['s1:old-show'])).toEqual(['/shows'])
    await cache.render('/shows', tagged('<p>v2</p>', ['s1:new-show']))
    expect(cache.invalidate(['s1:old-show'])).toEqual([])
    expect(cache.invalidate(['s1:new-show'])).toEqual(['/shows'])
    expect(cache.invalidate(['s1:new-show'])).toEqual([])
  })

  /** A page big enough to be compressed, different for each `n`. */
  const article = (n: number) =>
    `<main><h1>Page ${n}</h1>${Array.from({ length: 60 }, (_, i) => `<p>Show ${n}-${i} in the archive</p>`).join('')}</main>`

  it('keeps a page read once in its brotli form only, and makes gzip again for the first client that needs it', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    const full = (await page(article(1))).rendition
    const fullBytes = full.bytes
    const gzipped = full.gzip!
    // The answers waiting for the render get every form.
    const answered = await cache.render('/once', async () => ({ rendition: full, freshness: always }))
    expect(answered.gzip).toBe(gzipped)
    await nextTurn()
    const stored = cache.get('/once')!
    expect(stored.gzip).toBeUndefined()
    expect(stored.br).toBeDefined()
    expect(cache.stats().bytes).toBe(fullBytes - gzipped.length)
    expect(bodyOf(stored, 'identity').toString()).toBe(article(1))
    // A client that takes gzip but not brotli: the same bytes as the render made, kept and counted again.
    const again = cache.withForm(stored, 'gzip')
    expect(again.gzip!.equals(gzipped)).toBe(true)
    expect(cache.stats().bytes).toBe(fullBytes)
    expect(cache.withForm(stored, 'br').gzip).toBe(again.gzip)
  })

  it('serves a second crawl from memory and keeps the home page, where every page kept whole would not fit', async () => {
    const crawl = Array.from({ length: 40 }, (_, i) => i)
    const renditions = await Promise.all(crawl.map(async (n) => (await page(article(n))).rendition))
    const whole = renditions.reduce((sum, r) => sum + r.bytes, 0)
    const slim = renditions.reduce((sum, r) => sum + r.bytes - r.gzip!.length, 0)
    const home = (await page(article(-1))).rendition
    const budget = Math.ceil((whole + slim) / 2) + home.bytes
    expect(whole + home.bytes).toBeGreaterThan(budget)
    const cache = new PageCache({ maxBytes: budget })
    await cache.render('/', async () => ({ rendition: home, freshness: always }))
    cache.withForm(cache.get('/')!, 'gzip')
    for (const n of crawl) {
      await cache.render(`/news/${n}`, async () => ({ rendition: renditions[n]!, freshness: always }))
      await nextTurn()
    }
    const hits = crawl.filter((n) => cache.get(`/news/${n}`) === renditions[n]).length
    expect(hits).toBe(crawl.length)
    expect(cache.get('/')).toBe(home)
    expect(home.gzip).toBeDefined()
    expect(cache.stats().bytes).toBeLessThanOrEqual(budget)
  })

  it('drops an entry once it is no longer fresh', async () => {
    const cache = new PageCache({ maxBytes: 1e6 })
    let fresh = true
    const { rendition } = await page('<p>today</p>')
    await cache.render('/', async () => ({ rendition, freshness: { isFresh: () => fresh } }))
    expect(cache.get('/')).toBe(rendition)
    fresh = false
    expect(cache.get('/')).toBeUndefined()
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })
})
