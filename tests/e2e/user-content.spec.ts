import type { APIResponse, Page } from '@playwright/test'
import { contentClient, signInToContent } from './support/content-session'
import { E2E_PORT } from './support/servers'
import { expect, test } from './support/test'

/**
 * Uploaded files share the site's origin (ADR 085): an editor's HTML, SVG or JavaScript must never run there,
 * opened directly or loaded by another uploaded or same-origin page. Every script below would announce itself
 * by requesting `/healthz?ran=<name>` and writing `localStorage['ran']`; the test proves neither happens.
 */
const BASE = `http://localhost:${E2E_PORT}`

function marker(name: string) {
  return `fetch('/healthz?ran=${name}');try{localStorage.setItem('ran','${name}')}catch(e){}document.title='ran ${name}'`
}

async function expectInert(response: APIResponse) {
  const headers = response.headers()
  expect(headers['content-type']).toBe('application/octet-stream')
  expect(headers['content-disposition']).toMatch(/^attachment/)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['content-security-policy']).toBe("sandbox; default-src 'none'")
}

/** Opens a URL as a visitor would; an attachment starts a download instead of a page. */
async function open(page: Page, url: string) {
  const download = page.waitForEvent('download', { timeout: 10_000 }).catch(() => null)
  const navigation = await page.goto(url).then(
    () => 'rendered',
    (error: Error) => error.message,
  )
  return { navigation, download: await download }
}

test('uploaded HTML, SVG and JavaScript never run on the site origin', async ({ page, request }) => {
  const ran: string[] = []
  page.on('request', (req) => {
    const name = new URL(req.url()).searchParams.get('ran')
    if (name) ran.push(name)
  })
  const token = await signInToContent(request, BASE)
  const client = contentClient(BASE, token)
  const stamp = Date.now()

  const js = await client.assets.upload('file', Buffer.from(`${marker('js')}//${stamp}`), {
    filename: 'x.js',
    contentType: 'text/javascript',
  })
  const html = await client.assets.upload(
    'file',
    Buffer.from(
      `<!doctype html><title>upload ${stamp}</title><script src="${js.url}"></script><script>${marker('html')}</script>`,
    ),
    { filename: 'page.html', contentType: 'text/html' },
  )
  const svg = await client.assets.upload(
    'image',
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="${marker('svg-onload').replace(/'/g, '&apos;')}">` +
        `<script>${marker('svg')}</script><rect width="40" height="${20 + (stamp % 5)}" fill="#c85028"/></svg>`,
    ),
    { filename: 'logo.svg', contentType: 'image/svg+xml' },
  )

  // Each is served as an inert download, whatever type it was uploaded with.
  for (const asset of [js, html, svg]) await expectInert(await request.get(`${BASE}${asset.url}`))

  // Opened directly in the browser: downloads, never pages.
  for (const asset of [html, svg, js]) {
    const opened = await open(page, `${BASE}${asset.url}`)
    expect(opened.download, asset.url).not.toBeNull()
  }

  // A page on the site's origin that loads them (as an XSS would, under `script-src 'self'`): the browser
  // refuses to run an octet-stream script and to show the attachments in frames.
  const hostPage = `${BASE}/e2e-user-content-host`
  await page.route(hostPage, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><title>host</title><script src="${js.url}"></script>` +
        `<iframe src="${html.url}"></iframe><iframe src="${svg.url}"></iframe>` +
        `<object data="${svg.url}" type="image/svg+xml"></object><img src="${svg.url}?w=80" alt="">`,
    }),
  )
  const refused = page.waitForEvent('console', (message) => /Refused to execute script/.test(message.text()))
  await page.goto(hostPage)
  await refused
  // The SVG's transform is a raster image the page shows.
  await expect(page.locator('img')).toHaveJSProperty('naturalWidth', 80)
  await page.waitForTimeout(1000)

  expect(ran).toEqual([])
  expect(await page.title()).toBe('host')
  expect(await page.evaluate(() => localStorage.getItem('ran'))).toBeNull()
})

test('the login refuses to hand a sid to an uploaded page', async ({ page }) => {
  const response = await page.goto(
    `/content/auth/login?origin=${encodeURIComponent(`${BASE}/content/files/local/production/${'0'.repeat(40)}.html`)}`,
  )
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toHaveText('That sign-in link does not lead back to the Studio.')
})
