import type { Locator, Page, PageScreenshotOptions } from '@playwright/test'
import { TEST_NOW } from './support/servers'
import { openStudio } from './support/studio'
import { expect, test, waitForHydration } from './support/test'

/**
 * The screenshot suite: every screen of the site, and the Studio's desk, against committed baselines
 * (visual.spec.ts-snapshots/). It runs in the `visual` project against a server of its own (seed content that no
 * other test edits) on the pinned test clock. Deterministic by construction: the browser's clock is fixed, fonts are
 * loaded, animations and transitions are finished, the caret is hidden, videos are paused on their first frame,
 * and embeds the offline harness blocks (YouTube) are masked. Regenerate after an intended change with
 * `npm run test:visual:update` (docs/guides/testing.md) and look at every image before committing it.
 */

const WIDE = { width: 1280, height: 800 }
const NARROW = { width: 390, height: 844 }
const VIEWPORTS = [
  ['1280', WIDE],
  ['390', NARROW],
] as const

/** A few pixels may differ between runs (text antialiasing under load); a changed layout is thousands. */
const SCREENSHOT_OPTIONS = {
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.002,
  timeout: 20_000,
} as const satisfies PageScreenshotOptions & { maxDiffPixelRatio: number }

test.describe.configure({ mode: 'parallel' })

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(TEST_NOW))
})

/** Waits until the page is still: fonts loaded, every image in the window decoded, videos on their first frame. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  // Every image in the window (lazy thumbnails get their source once seen) has loaded.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => {
            const box = image.getBoundingClientRect()
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
          })
          .every((image) => image.getAttribute('src') && image.complete),
      ),
    )
    .toBe(true)
  await pauseVideosAtStart(page)
}

/** Every <video> with a source, paused on frame 0 (the hero loops; a gallery video shows its poster until played). */
async function pauseVideosAtStart(page: Page) {
  await page.evaluate(async () => {
    const videos = [...document.querySelectorAll('video')].filter((video) => video.currentSrc || video.src)
    await Promise.all(
      videos.map(async (video) => {
        if (video.readyState < 2) {
          await new Promise((resolve) => {
            video.addEventListener('loadeddata', resolve, { once: true })
            video.addEventListener('error', resolve, { once: true })
            setTimeout(resolve, 5_000)
          })
        }
        video.pause()
        if (video.readyState < 2) return
        // 'seeked' fires before the compositor shows the frame: without waiting for the frame itself, a loaded
        // machine screenshots the frame the video was paused on (2,134 px of moving edges in one CI run).
        const presented = new Promise((resolve) => {
          video.requestVideoFrameCallback(resolve)
          setTimeout(resolve, 2_000)
        })
        const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }))
        video.currentTime = 0
        await Promise.all([seeked, presented])
      }),
    )
  })
}

async function snap(page: Page, name: string, mask: Locator[] = []) {
  await settle(page)
  await expect(page).toHaveScreenshot(`${name}.png`, { ...SCREENSHOT_OPTIONS, mask, maskColor: '#1f1418' })
}

async function openHome(page: Page, path = '/') {
  await page.goto(path)
  await waitForHydration(page)
}

const overlay = (page: Page) => page.locator('.gallery-overlay')

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`${label} px wide`, () => {
    test.use({ viewport })

    test('home, top', async ({ page }) => {
      await openHome(page)
      // The hero video is on screen: wait for it to be ready, then hide it, so its still poster shows. Paused and
      // seeked to frame 0, it still showed another frame in some runs (887-3,140 px of the figures' sway, in CI
      // and here); its behaviour is media.spec.ts's, and this screenshot keeps what is laid over it.
      const video = page.locator('video.hero__video')
      await expect(video).toHaveClass(/is-ready/)
      await video.evaluate((element) => (element.style.visibility = 'hidden'))
      await snap(page, `home-top-${label}`)
    })

    test('home, scrolled to the gallery', async ({ page }) => {
      await openHome(page)
      await page.evaluate(() => document.getElementById('media')!.scrollIntoView({ behavior: 'instant' }))
      await snap(page, `home-gallery-${label}`)
    })

    test('the newsletter popup', async ({ page }) => {
      await page.goto('/news?newsletter=true')
      await expect(page.getByRole('dialog', { name: 'Stay in the Loop' })).toBeVisible()
      await snap(page, `newsletter-popup-${label}`)
    })

    test('the gallery overlay with an image', async ({ page }) => {
      await openHome(page, '/?media=band-performance-1')
      await expect(overlay(page)).toHaveClass(/is-visible/)
      await expect(overlay(page).locator('img.gallery-overlay__image')).toBeVisible()
      await snap(page, `gallery-image-${label}`)
    })

    test('/news', async ({ page }) => {
      await page.goto('/news')
      await snap(page, `news-${label}`)
    })

    test('/shows', async ({ page }) => {
      await page.goto('/shows')
      await snap(page, `shows-${label}`)
    })

    test('/shows in one area', async ({ page }) => {
      await page.goto('/shows?area=central-coast')
      await snap(page, `shows-area-${label}`)
    })

    test('a news post', async ({ page }) => {
      await page.goto('/news/anniversary-tour')
      await snap(page, `news-post-${label}`)
    })

    test('the 404 page', async ({ page }) => {
      await page.goto('/no-such-page')
      await snap(page, `not-found-${label}`)
    })

    test('the newsletter confirmation page', async ({ page }) => {
      await page.goto('/newsletter/confirmed')
      await snap(page, `newsletter-confirmed-${label}`)
    })

    test('the unsubscribe pages', async ({ page }) => {
      await page.goto('/newsletter/unsubscribe?token=screenshot-token')
      await snap(page, `newsletter-unsubscribe-${label}`)
      await page.goto('/newsletter/unsubscribed')
      await snap(page, `newsletter-unsubscribed-${label}`)
    })
  })
}

// The Spanish pages (ADR 193, 194): long Spanish words must not break the layout, in the frame, the pages and
// every dialog.
for (const [label, viewport] of VIEWPORTS) {
  test.describe(`in Spanish, ${label} px wide`, () => {
    test.use({ viewport })

    test('home, top', async ({ page }) => {
      await openHome(page, '/es')
      const video = page.locator('video.hero__video')
      await expect(video).toHaveClass(/is-ready/)
      await video.evaluate((element) => (element.style.visibility = 'hidden'))
      await snap(page, `es-home-top-${label}`)
    })

    test('the newsletter popup', async ({ page }) => {
      await page.goto('/es/news?newsletter=true')
      await expect(page.getByRole('dialog')).toBeVisible()
      await snap(page, `es-newsletter-popup-${label}`)
    })

    test('the gallery overlay with an image', async ({ page }) => {
      await openHome(page, '/es?media=band-performance-1')
      await expect(overlay(page)).toHaveClass(/is-visible/)
      await expect(overlay(page).locator('img.gallery-overlay__image')).toBeVisible()
      await snap(page, `es-gallery-image-${label}`)
    })

    test('/es/news', async ({ page }) => {
      await page.goto('/es/news')
      await snap(page, `es-news-${label}`)
    })

    test('a news post', async ({ page }) => {
      await page.goto('/es/news/gira-de-aniversario')
      await snap(page, `es-news-post-${label}`)
    })

    test('a show page', async ({ page }) => {
      await page.goto('/es/shows/2025-11-08-irvine-bowl-laguna-beach')
      await snap(page, `es-show-${label}`)
    })

    test('/es/shows', async ({ page }) => {
      await page.goto('/es/shows')
      await snap(page, `es-shows-${label}`)
    })

    test('the 404 page', async ({ page }) => {
      await page.goto('/es/no-such-page')
      await snap(page, `es-not-found-${label}`)
    })
  })
}

test.describe('the tour promo (wide screens only)', () => {
  test.use({ viewport: WIDE, tourPromo: 'shown' })

  test('on the home page at 1280 px', async ({ page }) => {
    await openHome(page)
    const promo = page.getByRole('dialog', { name: 'Los Forasteros live at Land+Sky' })
    await expect(promo).toBeVisible()
    await snap(page, 'tour-promo-1280')
  })

  test('on the Spanish home page at 1280 px', async ({ page }) => {
    await openHome(page, '/es')
    await expect(page.getByRole('dialog')).toBeVisible()
    await snap(page, 'es-tour-promo-1280')
  })
})

test.describe('1280 px wide only', () => {
  test.use({ viewport: WIDE })

  test('a YouTube item (the embed is blocked offline and masked)', async ({ page }) => {
    await openHome(page, '/?media=cascabel')
    await expect(overlay(page)).toHaveClass(/is-visible/)
    await snap(page, 'gallery-youtube-1280', [overlay(page).locator('iframe')])
  })

  test('a native video item', async ({ page }) => {
    // The seed gallery has no native video: serve the browser's gallery query with item 2 as one (the hero's
    // file), as tests/e2e/media.spec.ts does, after a client-side navigation from /news.
    let videoUrl = ''
    await page.route(
      (url) =>
        url.pathname.includes('/data/query/') && (url.searchParams.get('query') ?? '').includes('"gallery"'),
      async (route) => {
        const response = await route.fetch()
        const body = (await response.json()) as { result: Record<string, unknown>[] }
        body.result[1] = {
          ...body.result[1],
          kind: 'video',
          videoUrl,
          videoMimeType: 'video/webm',
          image: null,
        }
        await route.fulfill({ response, json: body })
      },
    )
    await page.goto('/news')
    // The Media link below is a client-side navigation only once the router has hydrated.
    await waitForHydration(page)
    videoUrl = await page.evaluate(() => {
      const state = (
        window as unknown as {
          __APP_STATE__: { queryState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
        }
      ).__APP_STATE__
      const settings = state.queryState.queries.find((q) => q.queryKey[1] === 'siteSettings')!.state.data as {
        heroVideo: { url: string }
      }
      return settings.heroVideo.url
    })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click()
    await page.locator('#media .media-tile[data-slug="tour-promo-poster"]').click()
    await expect(overlay(page)).toHaveClass(/is-visible/)
    const video = overlay(page).locator('video')
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2)
    await expect(overlay(page).getByText('Loading video...')).toHaveCount(0)
    await snap(page, 'gallery-video-1280')
  })

  test("the Studio's desk after sign-in", async ({ page }) => {
    test.setTimeout(120_000)
    await openStudio(page)
    await expect(page.getByRole('link', { name: 'Media items' })).toBeVisible()
    // The desk's first pane (the content types); nothing in it depends on documents other tests create.
    await snap(page, 'studio-desk-1280')
  })
})
