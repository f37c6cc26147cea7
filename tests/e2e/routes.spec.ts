import type { Page, Route } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { newsPostSlugsQuery } from '../../web/src/content/queries'
import { unexpectedStudioErrors } from './support/studio'
import { expect, test, waitForHydration } from './support/test'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Holds requests for a lazy chunk until `release()` so the route's loading text can be seen. */
async function holdChunk(page: Page, pattern: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Route[] = []
  await page.route(pattern, async (route) => {
    held.push(route)
    await released
    await route.continue()
  })
  return { release, held }
}

test('home page is rendered on the server with its title and content', async ({ request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/<title>[^<]*Los Forasteros[^<]*<\/title>/)
  expect(html).toMatch(/<h1[^>]*>Los Forasteros<\/h1>/)
})

test('home page hydrates without errors', async ({ page, consoleErrors }) => {
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Los Forasteros' })).toBeVisible()
  // A client-side navigation proves the router took over after hydration.
  await mainNav(page).getByRole('link', { name: 'News' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('an unknown path renders the 404 page with HTTP status 404', async ({ page, consoleErrors }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('404 Page Not Found')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('There is no page at this address.')).toBeVisible()
  // The browser reports the document's own 404 status; anything else would be a real error.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ])
})

test('/news loads its code on client-side navigation while the home page stays', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const chunk = await holdChunk(page, /\/assets\/route-news-[\w-]+\.js$/)
  await mainNav(page).getByRole('link', { name: 'News' }).click()
  // The route handler sees the request a moment after the app asked for it.
  await expect.poll(() => chunk.held.length).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Los Forasteros' })).toBeVisible()
  chunk.release()
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
})

test('/news is rendered on the server', async ({ request }) => {
  const response = await request.get('/news')
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('<h1>News</h1>')
})

test('/admin shows "Loading admin panel..." until its code has loaded', async ({ page, consoleErrors }) => {
  const chunk = await holdChunk(page, /\/assets\/admin-page-[\w-]+\.js$/)
  await page.goto('/admin')
  await expect(page.getByText('Loading admin panel...')).toBeVisible()
  await expect.poll(() => chunk.held.length).toBeGreaterThan(0)
  chunk.release()
  // The real Studio, signed out: its own login screen.
  await expect(page.getByText('Choose login provider')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Loading admin panel...')).toHaveCount(0)
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})

test('public pages carry none of the Studio: no admin chunk requested, none in the entry or the server bundle', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => /admin-page|login-hand-back/.test(url))).toEqual([])

  type Chunk = { file: string; imports?: string[] }
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    Chunk
  >
  const staticFiles = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || staticFiles.has(chunk.file)) return
    staticFiles.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  // The entry imports no chunk statically: the app chunk loads after the first paint (ADR 130), and a chunk the
  // entry imported would be preloaded with the page and fetched at once (scripts/build/app-chunk.ts).
  expect(manifest['web/src/entry-client.tsx']!.imports ?? []).toEqual([])
  visit('web/src/entry-client.tsx')
  for (const file of staticFiles) {
    expect(file).not.toMatch(/admin-page/)
    expect(readFileSync(`dist/client/${file}`, 'utf8')).not.toContain('sanity.studio')
  }
  // The Studio's own stylesheets (@sanity/ui's `.u-…` classes, the Portable Text editor's) travel in its chunks
  // (scripts/build/package-styles-in-their-chunk.ts), not in the one stylesheet every page loads.
  const siteStylesheet = readFileSync(`dist/client/${manifest['style.css']!.file}`, 'utf8')
  expect(siteStylesheet).not.toMatch(/\.u-[A-Za-z0-9_]+\{|@layer sui|--card-bg-color|--pt-plugin-table/)
  expect(siteStylesheet.length).toBeLessThan(40_000)
  const serverBundle = readdirSync('dist/server', { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js'),
  )
  for (const file of serverBundle) {
    expect(readFileSync(`dist/server/${file}`, 'utf8')).not.toMatch(/from ["']sanity|sanity\.studio/)
  }
})

test('the browser build carries no route server half (loaders, values), which the server build has', () => {
  // The query of news-post.server.ts's `values`, which nothing in the browser reads; the build itself fails on
  // a `.server` module in a browser chunk (scripts/build/no-server-modules-in-client.ts).
  const scriptsIn = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(`${dir}/${file}`, 'utf8'))
  expect(scriptsIn('dist/client').filter((script) => script.includes(newsPostSlugsQuery))).toEqual([])
  expect(scriptsIn('dist/server').some((script) => script.includes(newsPostSlugsQuery))).toBe(true)
})

test('requests that leave localhost are blocked and recorded', async ({ page, externalRequests }) => {
  await page.goto('/')
  const outcome = await page.evaluate(() =>
    fetch('https://www.google-analytics.com/g/collect?v=2').then(
      () => 'loaded',
      () => 'blocked',
    ),
  )
  expect(outcome).toBe('blocked')
  expect(externalRequests).toContain('https://www.google-analytics.com/g/collect?v=2')
})
