import { chromiumLaunchOptions } from './support/chromium'
import { mediaTile } from './support/spec-content'
import { expect, test, waitForHydration } from './support/test'

// "Far below" is the full browser's lazy-loading distance: the headless shell, which the other specs run in, loads
// images from farther away (support/chromium.ts).
test.use({ launchOptions: chromiumLaunchOptions('full') })

test('a thumbnail that fails to load shows "Image unavailable", before hydration or after', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text()
  /** The image path of a tile's thumbnail in the server's HTML. */
  const imagePath = (slug: string) =>
    new RegExp(`data-slug="${slug}"[^>]*><img class="media-tile__image" src="([^"?]+)`).exec(html)![1]!
  // tour-promo-poster is in the first row, which the browser fetches at once; band-rehearsal is far below.
  const broken = [imagePath('tour-promo-poster'), imagePath('band-rehearsal')]
  await page.route(
    (url) => broken.includes(url.pathname),
    (route) => route.abort('failed'),
  )
  // Hold the scripts back until the first row's image has failed, so that error reaches no React listener.
  const firstFailed = page.waitForEvent('requestfailed', (r) => r.url().includes(broken[0]!))
  await page.route('**/assets/*.js', async (route) => {
    await firstFailed
    await route.continue()
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect(mediaTile(page, 'tour-promo-poster')).toContainText('Image unavailable')
  const later = mediaTile(page, 'band-rehearsal')
  await expect(later).not.toContainText('Image unavailable')
  await later.scrollIntoViewIfNeeded()
  await expect(later).toContainText('Image unavailable')
  await expect(mediaTile(page, 'band-performance-1')).not.toContainText('Image unavailable')
})
