import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { mediaTile, SPEC_MEDIA_SLUGS } from './support/spec-content'
import { expect, test, waitForHydration } from './support/test'

const SLUGS = SPEC_MEDIA_SLUGS
const CAPTIONS: Record<string, string> = {
  Qx7LmR2vK9d: 'Los Forasteros, live session at the Old Mission barn. Video by Inés Montaño.',
  'tour-promo-poster': 'Poster for the Land+Sky concert, October 25, 2025. Design by Paloma Reyes.',
  'band-performance-1': 'Los Forasteros on stage in Ventura. Photo by Julia Ferrer.',
  'band-rehearsal': 'Rehearsal day in the desert. Photo by Julia Ferrer.',
  'band-backstage': 'Backstage before the show. Photo by Tomás Arriaga.',
  'band-performance-2': 'Encore at the Irvine Bowl. Photo by Julia Ferrer.',
}

const overlay = (page: Page) => page.getByRole('dialog')
const mediaParam = (page: Page) => new URL(page.url()).searchParams.get('media')

/** Reads the gtag queue: each entry is the Arguments object of one gtag() call. */
async function analyticsEvents(page: Page, name: string): Promise<unknown[][]> {
  const queue = await page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  )
  return queue.filter((entry) => entry[0] === 'event' && entry[1] === name)
}

/** Dispatches a one-finger swipe on the overlay's stage, `dx` pixels, lasting about `ms`. */
async function swipe(page: Page, dx: number, ms: number) {
  const stage = page.locator('.gallery-overlay__stage')
  const box = (await stage.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await stage.evaluate(
    async (element, { x, y, dx, ms }) => {
      const touch = (clientX: number) =>
        new Touch({ identifier: 1, target: element, clientX, clientY: y, pageX: clientX, pageY: y })
      const fire = (type: string, clientX: number) => {
        const t = touch(clientX)
        element.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            cancelable: true,
            touches: type === 'touchend' ? [] : [t],
            changedTouches: [t],
          }),
        )
      }
      fire('touchstart', x)
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms))
      fire('touchend', x + dx)
    },
    { x, y, dx, ms },
  )
}

test.beforeEach(async ({ page }) => {
  // The newsletter popup opens by itself after 100 px of scrolling; these tests are about the gallery.
  await page.addInitScript(() => {
    // Also runs in blocked (opaque-origin) frames, which have no storage.
    try {
      window.localStorage.setItem('newsletter:popupSeen', 'e2e')
    } catch {
      /* nothing to remember there */
    }
  })
})

test.describe('media grid', () => {
  test('16 buttons in CMS order with play badges; server-rendered thumbnails with srcset, size and LQIP, loaded lazily', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The server's HTML carries every picture (ADR 073): crawlers and visitors without script see the gallery.
    const html = await (await request.get('/')).text()
    const thumbnails = html.match(/<img class="media-tile__image"[^>]*>/g) ?? []
    expect(thumbnails).toHaveLength(16)
    for (const img of thumbnails) {
      expect(img).toMatch(/ src="\/content\/images\/[^"]*w=640&amp;h=480/)
      expect(img).toContain('sizes="(min-width: 72rem) 35rem, calc(50vw - 1.25rem)"')
      expect(img).toContain('loading="lazy"')
      expect(img).toContain('decoding="async"')
      expect(img).toContain('width="640" height="480"')
    }
    expect(thumbnails.filter((img) => / srcSet="[^"]*360w[^"]*480w[^"]*640w/.test(img))).toHaveLength(16)

    const lastSrc = /<img class="media-tile__image" src="([^"]+)"/
      .exec(thumbnails.at(-1)!)![1]!
      .replaceAll('&amp;', '&')
    const lastPath = lastSrc.split('?')[0]!
    const requested: string[] = []
    page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    await page.goto('/')
    await waitForHydration(page)
    const tiles = page.locator('#media .media-tile')
    await expect(tiles).toHaveCount(16)
    expect(await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-slug')))).toEqual(SLUGS)
    expect(await tiles.evaluateAll((els) => els.every((el) => el.tagName === 'BUTTON'))).toBe(true)
    await expect(page.locator('#media .media-tile--youtube .media-tile__play')).toHaveCount(7)
    await expect(page.locator('#media .media-tile--image .media-tile__play')).toHaveCount(0)
    // Far below the fold: the browser defers the picture; only the blurred LQIP is there.
    const last = mediaTile(page, 'band-performance-2')
    expect(await last.getAttribute('style')).toContain('data:image/jpeg;base64,')
    await page.waitForLoadState('networkidle')
    expect(requested).not.toContain(lastPath)
    await last.scrollIntoViewIfNeeded()
    const img = last.locator('img')
    await expect(img).toHaveAttribute('src', lastSrc)
    // A fresh server renders this variant on first request, behind the other tests' variants from the same
    // address (one image lane per client), which a loaded run stretches past the default wait.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true)
    expect(requested).toContain(lastPath)
    expect(consoleErrors).toEqual([])
  })

  // What the browser picks from srcset and sizes: no more pixels than the tile shows, rounded up to a width.
  for (const { screen, scale, width } of [
    { screen: { width: 412, height: 823 }, scale: 1.75, width: 360 },
    { screen: { width: 390, height: 844 }, scale: 3, width: 640 },
    { screen: { width: 1280, height: 800 }, scale: 1, width: 640 },
  ]) {
    test(`a ${screen.width} px screen at ${scale}x fetches each tile's ${width} px picture`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: screen, deviceScaleFactor: scale })
      const page = await context.newPage()
      await page.goto('/')
      const img = mediaTile(page, 'band-performance-2').locator('img')
      await img.scrollIntoViewIfNeeded()
      await expect
        .poll(
          () =>
            img.evaluate((el: HTMLImageElement) =>
              el.currentSrc ? new URL(el.currentSrc).searchParams.get('w') : null,
            ),
          {
            timeout: 15_000,
          },
        )
        .toBe(String(width))
      const shown = await img.evaluate((el: HTMLImageElement) => el.getBoundingClientRect().width)
      expect(width).toBeGreaterThanOrEqual(shown * scale)
      await context.close()
    })
  }
})

test.describe('gallery overlay', () => {
  test('click opens a labelled modal dialog, mirrored in ?media=; Escape fades it out and gives focus back', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    const start = await page.evaluate(() => window.history.length)
    const trigger = mediaTile(page, 'band-performance-1')
    await trigger.click()
    const dialog = overlay(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleName(CAPTIONS['band-performance-1']!)
    await expect(dialog).toHaveClass(/is-visible/)
    expect(mediaParam(page)).toBe('band-performance-1')
    expect(await page.evaluate(() => window.history.length)).toBe(start + 1)
    await expect(dialog.locator('img.gallery-overlay__image')).toHaveAttribute('alt', /Three band members/)
    await expect(dialog).toContainText('Los Forasteros on stage in Ventura. Photo by Julia Ferrer.')
    // Focus stays inside; the page behind does not scroll.
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    // Fading out: the dialog loses its visible class while still in the page, then goes with the parameter.
    // A MutationObserver sees that moment however slow the test machine is.
    await dialog.evaluate((element) => {
      const record = window as unknown as { fadedOut?: boolean }
      record.fadedOut = false
      new MutationObserver(() => {
        if (element.isConnected && !element.classList.contains('is-visible')) record.fadedOut = true
      }).observe(element, { attributes: true, attributeFilter: ['class'] })
    })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await page.evaluate(() => (window as unknown as { fadedOut?: boolean }).fadedOut)).toBe(true)
    await expect.poll(() => mediaParam(page)).toBeNull()
    await expect(trigger).toBeFocused()
    expect(consoleErrors).toEqual([])
  })

  test('Enter and Space open it; arrows and the buttons go previous/next, wrapping, replacing history', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await mediaTile(page, 'Qx7LmR2vK9d').focus()
    await page.keyboard.press('Enter')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS.Qx7LmR2vK9d!)
    const length = await page.evaluate(() => window.history.length)
    await page.keyboard.press('ArrowLeft')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-performance-2']!)
    expect(mediaParam(page)).toBe('band-performance-2')
    await page.keyboard.press('ArrowRight')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS.Qx7LmR2vK9d!)
    await page.getByRole('button', { name: 'Next item' }).click()
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['tour-promo-poster']!)
    await page.getByRole('button', { name: 'Previous item' }).click()
    await page.getByRole('button', { name: 'Previous item' }).click()
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-performance-2']!)
    expect(await page.evaluate(() => window.history.length)).toBe(length)
    await page.getByRole('button', { name: 'Close gallery' }).click()
    await expect(overlay(page)).toBeHidden()
    await expect.poll(() => mediaParam(page)).toBeNull()

    await mediaTile(page, 'band-backstage').focus()
    await page.keyboard.press(' ')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-backstage']!)
  })

  test('Back closes it and Forward opens it again', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await mediaTile(page, 'band-rehearsal').click()
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-rehearsal']!)
    await page.goBack()
    await expect(overlay(page)).toBeHidden()
    expect(mediaParam(page)).toBeNull()
    await page.goForward()
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-rehearsal']!)
    expect(mediaParam(page)).toBe('band-rehearsal')
    // Closing after Forward goes back to the entry without the parameter.
    await page.keyboard.press('Escape')
    await expect.poll(() => mediaParam(page)).toBeNull()
  })

  test('swipes: a fast short one and a slow long one; a slow short one does nothing', async ({ page }) => {
    await page.goto('/?media=band-performance-1')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-performance-1']!)
    // Fast and short (20 px at once): left = next.
    await swipe(page, -20, 0)
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-rehearsal']!)
    // Slow and long (120 px over 600 ms): right = previous.
    await swipe(page, 120, 600)
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-performance-1']!)
    // Slow and short (20 px over 400 ms): neither rule holds.
    await swipe(page, -20, 400)
    await page.waitForTimeout(100)
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-performance-1']!)
    expect(mediaParam(page)).toBe('band-performance-1')
  })

  test('a deep link opens its item after ~100 ms and unfurls as that item', async ({ page, request }) => {
    const html = await (await request.get('/?media=band-backstage')).text()
    expect(html).toMatch(
      /<meta property="og:title" content="Backstage before the show\. Photo by Tomás Arriaga\. \| Los Forasteros"/,
    )
    expect(html).toMatch(/<meta property="og:description" content="The four band members in hats[^"]*"/)
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!
    expect(image).toMatch(/^https?:\/\/[^/]+\/content\/images\/.*w=1200&amp;h=630/)
    const res = await request.get(new URL(image).pathname + new URL(image).search.replaceAll('&amp;', '&'))
    expect(res.status()).toBe(200)

    await page.goto('/?media=band-backstage')
    await expect(overlay(page)).toHaveAccessibleName(CAPTIONS['band-backstage']!)
    // Opened from the URL: closing replaces the entry (nothing to go back to).
    await page.keyboard.press('Escape')
    await expect.poll(() => mediaParam(page)).toBeNull()
    expect(new URL(page.url()).pathname).toBe('/')
  })

  test('an unknown slug only logs a warning', async ({ page, consoleErrors }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto('/?media=no-such-item')
    await expect.poll(() => warnings.some((w) => w.includes('no-such-item'))).toBe(true)
    await page.waitForTimeout(300)
    await expect(overlay(page)).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })

  test('YouTube items play in the privacy-enhanced embed; the hero is muted and paused', async ({
    page,
    externalRequests,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    const hero = page.locator('video.hero__video')
    await expect.poll(() => hero.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
    await mediaTile(page, 'alma-oeste').click()
    const frame = overlay(page).locator('iframe')
    await expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/hG5kP1sZr7U?rel=0&playsinline=1&modestbranding=1&autoplay=1',
    )
    await expect(frame).toHaveAttribute('title', /Saguaro cacti/)
    await expect
      .poll(() =>
        externalRequests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/hG5kP1sZr7U')),
      )
      .toBe(true)
    expect(await hero.evaluate((v: HTMLVideoElement) => [v.paused, v.muted])).toEqual([true, true])
    await page.keyboard.press('Escape')
    await expect(overlay(page)).toBeHidden()
    // Back in view after the overlay: the muted loop resumes.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => hero.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)
  })

  test('share: the device share sheet with title, text and URL', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = []
      ;(window as unknown as { shareCalls: unknown[] }).shareCalls = calls
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          calls.push(data)
        },
      })
    })
    await page.goto('/?media=band-performance-2')
    await overlay(page).getByRole('button', { name: 'Share' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([
        {
          title: CAPTIONS['band-performance-2'],
          text: `${CAPTIONS['band-performance-2']} - Los Forasteros`,
          url: page.url(),
        },
      ])
  })

  for (const failures of [0, 1, 2]) {
    test(`share without a share sheet copies the URL (${failures} failed clipboard writes)`, async ({
      page,
    }) => {
      await page.addInitScript((failures) => {
        const writes: string[] = []
        ;(window as unknown as { clipboardWrites: string[] }).clipboardWrites = writes
        Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: {
            writeText: async (text: string) => {
              writes.push(text)
              if (writes.length <= failures)
                throw new DOMException('Document is not focused.', 'NotAllowedError')
            },
          },
        })
      }, failures)
      await page.goto('/?media=tour-promo-poster')
      await overlay(page).getByRole('button', { name: 'Share' }).click()
      const expected = page.url()
      if (failures < 2) {
        await expect(page.locator('.toast__title')).toHaveText('Link copied')
      } else {
        await expect(page.locator('.toast__title')).toHaveText('Could not share')
      }
      const writes = await page.evaluate(
        () => (window as unknown as { clipboardWrites: string[] }).clipboardWrites,
      )
      expect(writes).toEqual(Array(Math.min(failures + 1, 2)).fill(expected))
    })
  }

  test('a native gallery video: error with Retry, then plays; its fallback text', async ({ page }) => {
    // The seed has no native video in the gallery: serve the browser's gallery query with item 2 as one, using
    // the hero's video file (under a distinct URL, so only the gallery's copy is broken).
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
    videoUrl = await page.evaluate(async () => {
      const state = (
        window as unknown as {
          __APP_STATE__: {
            queryState: {
              queries: { queryKey: unknown[]; state: { data: { heroVideo?: { url: string } } } }[]
            }
          }
        }
      ).__APP_STATE__
      const settings = state.queryState.queries.find((q) => q.queryKey[1] === 'siteSettings')!.state.data
      return `${settings.heroVideo!.url}?gallery=1`
    })
    let broken = true
    await page.route(
      (url) => url.search.includes('gallery=1'),
      (route) => (broken ? route.fulfill({ status: 500, body: 'broken' }) : route.fallback()),
    )
    // A client-side navigation: the browser loads the home page's data itself.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click()
    await mediaTile(page, 'tour-promo-poster').click()
    const dialog = overlay(page)
    await expect(dialog.getByRole('alert')).toContainText('Video temporarily unavailable')
    broken = false
    await dialog.getByRole('button', { name: 'Retry' }).click()
    const video = dialog.locator('video')
    await expect(video).toBeVisible()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2)
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true)
    expect(await video.textContent()).toContain('Your browser does not support the video tag.')
    // Playing gallery media pauses and mutes the hero.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    const hero = page.locator('video.hero__video')
    expect(await hero.evaluate((v: HTMLVideoElement) => [v.paused, v.muted])).toEqual([true, true])
  })

  test('axe finds no violations with the overlay open', async ({ page }) => {
    await page.goto('/?media=band-performance-1')
    await expect(overlay(page)).toHaveClass(/is-visible/)
    await page.waitForTimeout(350)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })
})

test.describe('hero video', () => {
  test('loads lazily, plays muted in view, pauses out of view, and has a mute control', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const html = await (await request.get('/')).text()
    expect(html).toMatch(
      /<link rel="preload"[^>]*as="image"[^>]*imageSrcSet=|<link rel="preload"[^>]*imagesrcset=/i,
    )
    expect(html).toMatch(/<video[^>]*class="hero__video"/)
    expect(html).not.toMatch(/<video[^>]*class="hero__video"[^>]*src=/)

    await page.goto('/')
    await waitForHydration(page)
    const video = page.locator('video.hero__video')
    await expect(video).toHaveAttribute('src', /\/content\/files\/.+\.webm$/)
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop))
      .toBe(true)
    const mute = page.getByRole('button', { name: 'Mute hero video' })
    await expect(mute).toHaveAttribute('aria-pressed', 'true')
    await mute.click()
    await expect(mute).toHaveAttribute('aria-pressed', 'false')
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false)
    await mute.click()
    await expect(mute).toHaveAttribute('aria-pressed', 'true')
    expect((await analyticsEvents(page, 'video_interaction')).map((e) => e[2])).toEqual([
      { event_label: 'unmuted', language: 'en' },
      { event_label: 'muted', language: 'en' },
    ])

    await page.locator('#contact').scrollIntoViewIfNeeded()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
    expect(consoleErrors).toEqual([])
  })

  test('a failing video shows the fallback still with its notice', async ({ page }) => {
    await page.route('**/content/files/**', (route) => route.fulfill({ status: 404, body: 'gone' }))
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByText('Video unavailable - showing image instead')).toBeVisible()
    await expect(page.locator('.hero__fallback img')).toHaveAttribute(
      'alt',
      'Saguaro cacti under a night sky',
    )
    await expect(page.getByRole('button', { name: 'Mute hero video' })).toHaveCount(0)
  })
})
