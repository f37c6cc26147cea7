import type { Page } from '@playwright/test'
import { SPEC_MEDIA_SLUGS } from './support/spec-content'
import { expect, test, waitForHydration } from './support/test'
import { TEST_GA_ID, TEST_NOW, todayServerUrl } from './support/servers'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const eventRows = (page: Page) => page.locator('#events .event-list__item')

/** The browser's clock at the server's pinned "now", so hydration and later renders agree on past/upcoming. */
async function atTestNow(page: Page) {
  await page.clock.setFixedTime(new Date(TEST_NOW))
}

/**
 * How far, in pixels, a scroll to a home section ended from where it should: the section's top just below the
 * sticky header (the root's scroll-padding-top), or the end of the page when the section is too near the end
 * for that. Measured once the section is there and the scroll position has not moved for 10 frames, so a smooth
 * scroll that passes the spot on its way elsewhere does not count.
 */
async function distanceFromLanding(page: Page, id: string): Promise<number> {
  return page.evaluate(async (sectionId) => {
    // After a navigation from another page, the home page's sections may not be in the document yet.
    for (let last = -1, still = 0; still < 10;) {
      await new Promise(requestAnimationFrame)
      still = window.scrollY === last && document.getElementById(sectionId) ? still + 1 : 0
      last = window.scrollY
    }
    const root = document.documentElement
    const sectionTop = document.getElementById(sectionId)!.getBoundingClientRect().top + window.scrollY
    const aim = sectionTop - parseFloat(getComputedStyle(root).scrollPaddingTop)
    const end = root.scrollHeight - window.innerHeight
    return Math.round(Math.abs(window.scrollY - Math.min(aim, end)))
  }, id)
}

/** Reads the gtag queue: each entry is the Arguments object of one gtag() call. */
async function analyticsQueue(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)))
}

test.describe('home page', () => {
  test('one stylesheet for the whole site, inside every page, and nothing more later', async ({
    page,
    consoleErrors,
  }) => {
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
    })
    await atTestNow(page)
    // The newsletter dialog's code loads after hydration, at the link's request; its styles are already there.
    // The home page is the largest (ADR 130): its stylesheet is inside too.
    for (const path of ['/news?newsletter=true', '/?newsletter=true']) {
      await page.goto(path)
      await waitForHydration(page)
      const dialog = page.getByRole('dialog', { name: 'Stay in the Loop' })
      await expect(dialog).toBeVisible()
      await expect(page.locator('style[data-href]')).toHaveCount(1)
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)
      // Styled: the site's parchment, not a browser default.
      expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(244, 234, 216)',
      )
    }
    expect(stylesheets).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('the about text stays on the page through hydration, before any input and after the first', async ({
    page,
    consoleErrors,
  }) => {
    const aboutChunk: string[] = []
    page.on('request', (request) => {
      if (/\/about-text-[\w-]+\.js$/.test(request.url())) aboutChunk.push(request.url())
    })
    await atTestNow(page)
    await page.goto('/')
    const text = page.locator('#about .about__text')
    const served = (await text.textContent()) ?? ''
    expect(served.length).toBeGreaterThan(100)
    await waitForHydration(page)
    // Hydration and the renders right after it (the clock and hydration stores flip in tasks of their own).
    await page.waitForTimeout(500)
    await expect(text).toHaveText(served)
    expect(aboutChunk).toEqual([])
    // The first input loads the renderer, which draws the same text.
    await page.keyboard.press('Shift')
    await expect.poll(() => aboutChunk.length).toBe(1)
    await expect(text).toHaveText(served)
    expect(consoleErrors).toEqual([])
  })

  test('has the sections of the spec in order, with their anchors, and hydrates cleanly', async ({
    page,
    consoleErrors,
  }) => {
    await atTestNow(page)
    await page.goto('/')
    const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id))
    expect(ids).toEqual(['home', 'events', 'media', 'about', 'band-photo', 'contact', 'social'])
    await expect(page.locator('main ~ footer')).toBeVisible()
    await expect(page.locator('#band-photo img')).toHaveCount(2) // photo + logo overlay
    await expect(page.locator('#contact a[href="mailto:booking@example.com"]')).toBeVisible()
    const social = page.locator('#social').getByRole('link')
    await expect(social).toHaveCount(4)
    for (const name of ['Instagram', 'YouTube', 'Facebook', 'Spotify']) {
      await expect(page.getByRole('link', { name: `Los Forasteros on ${name}` })).toHaveAttribute(
        'target',
        '_blank',
      )
    }
    const footer = page.getByRole('contentinfo')
    for (const label of ['Home', 'Events', 'Media', 'About', 'Contact', 'News']) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible()
    }
    await expect(footer).toContainText('© 2025 Los Forasteros')
    expect(consoleErrors).toEqual([])
  })

  test('media grid: the 16 gallery items in CMS order, two columns, lazy thumbnails', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/')
    const tiles = page.locator('#media .media-tile')
    await expect(tiles).toHaveCount(16)
    const slugs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('data-slug')))
    expect(slugs).toEqual(SPEC_MEDIA_SLUGS)
    await expect(page.locator('#media img[loading="lazy"]')).toHaveCount(16)
    await expect
      .poll(() =>
        page
          .locator('#media .media-grid')
          .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length),
      )
      .toBe(2)
    await expect(tiles.first()).toHaveAccessibleName(/^Play video: /)
  })
})

test.describe('events', () => {
  test("show the spec's four shows with their actions on Oct 1 2025", async ({ page, consoleErrors }) => {
    await atTestNow(page)
    await page.goto('/')
    const rows = eventRows(page)
    await expect(rows).toHaveCount(4)
    const cells = await rows.evaluateAll((items) =>
      items.map((li) =>
        ['date', 'venue', 'city', 'action'].map(
          (part) => li.querySelector(`.event-list__${part}`)?.textContent?.trim() ?? '',
        ),
      ),
    )
    expect(cells).toEqual([
      ['Oct 25 2025', 'Land+Sky', 'Somis, CA', 'Tickets for Land+Sky (opens in a new tab)'],
      ['Nov 6 2025', 'The Arlington Theatre', 'Santa Barbara, CA', 'Sold Out'],
      ['Nov 8 2025', 'Irvine Bowl', 'Laguna Beach, CA', 'Sold Out'],
      ['Sep 4 2025', 'Hotel El Roblar', 'Ojai, CA', 'Past show: Sold Out'],
    ])
    const tickets = rows.nth(0).getByRole('link', { name: /Tickets/ })
    await expect(tickets).toHaveAttribute('target', '_blank')
    await expect(tickets).toHaveAttribute('rel', /\bnoopener\b/)
    await expect(tickets).toHaveAttribute('href', /^https:\/\/tickets\.example\.com\//)
    // Only the past show is struck through; sold-out shows have no link.
    await expect(page.locator('#events s')).toHaveCount(1)
    await expect(rows.nth(3).locator('s')).toHaveText('Past show: Sold Out')
    await expect(rows.nth(1).getByRole('link')).toHaveCount(0)
    // The section text links to the newsletter popup and the news page.
    await expect(page.locator('#events').getByRole('link', { name: 'newsletter' })).toHaveAttribute(
      'href',
      '/?newsletter=true',
    )
    await expect(page.locator('#events').getByRole('link', { name: /anniversary tour/ })).toHaveAttribute(
      'href',
      '/news',
    )
    expect(consoleErrors).toEqual([])
  })

  test('lists every show as past, struck through, at today’s date', async ({ page, consoleErrors }) => {
    await page.goto(todayServerUrl)
    const rows = eventRows(page)
    await expect(rows).toHaveCount(4)
    await expect(rows.locator('.event-list__venue')).toHaveText([
      'Irvine Bowl',
      'The Arlington Theatre',
      'Land+Sky',
      'Hotel El Roblar',
    ])
    await expect(page.locator('#events s')).toHaveCount(4)
    await expect(page.locator('#events').getByRole('link', { name: /Tickets/ })).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })
})

test.describe('navigation', () => {
  test('anchor links scroll smoothly on the home page and update the hash', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/')
    await waitForHydration(page)
    await mainNav(page).getByRole('link', { name: 'Media' }).click()
    await expect(page).toHaveURL(/\/#media$/)
    await expect.poll(() => distanceFromLanding(page, 'media')).toBeLessThanOrEqual(2)
    await expect(page.locator('#media')).toBeFocused()
    await mainNav(page).getByRole('link', { name: 'Home' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(8)
  })

  // The sections below the hero are rendered only near the viewport (global.css): a smooth scroll from the top
  // must still end on each one, past sections that were never rendered, on a phone and on a desktop.
  for (const width of [390, 1280]) {
    test(`from the top, every section link lands on its section at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await atTestNow(page)
      for (const [name, id] of [
        ['Events', 'events'],
        ['Media', 'media'],
        ['About', 'about'],
        ['Contact', 'contact'],
      ]) {
        await page.goto('/')
        await waitForHydration(page)
        if (width < 768) await mainNav(page).getByRole('button', { name: 'Menu' }).click()
        await mainNav(page).getByRole('link', { name }).click()
        await expect(page).toHaveURL(new RegExp(`/#${id}$`))
        await expect.poll(() => distanceFromLanding(page, id!), { message: `#${id}` }).toBeLessThanOrEqual(2)
      }
    })
  }

  test('from another page an anchor link navigates to /#anchor and scrolls there', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/news')
    await waitForHydration(page)
    await mainNav(page).getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect.poll(() => distanceFromLanding(page, 'contact')).toBeLessThanOrEqual(2)
    await mainNav(page).getByRole('link', { name: 'News' }).click()
    await expect(page).toHaveURL(/\/news$/)
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
  })

  test('from another page the scroll lands on its section though a section above it grows after it began', async ({
    page,
  }) => {
    // On a client-side navigation the about text appears when its renderer's chunk arrives (166 px at 1280 px):
    // here while the smooth scroll is under way, when the browser's scroll anchoring does not correct it (it
    // ended 165 px short; a chunk arriving after the scroll is corrected by scroll anchoring).
    await page.route(/\/assets\/about-text-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue()
    })
    await atTestNow(page)
    await page.goto('/news')
    await waitForHydration(page)
    await mainNav(page).getByRole('link', { name: 'Contact' }).click()
    await expect(page.locator('#about .about__text p').first()).toBeVisible()
    await expect.poll(() => distanceFromLanding(page, 'contact')).toBeLessThanOrEqual(2)
  })

  test('arriving with a hash scrolls to the section', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/#about')
    await expect.poll(() => distanceFromLanding(page, 'about')).toBeLessThanOrEqual(2)
  })

  test('the mobile menu opens, navigates and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await atTestNow(page)
    await page.goto('/')
    const toggle = mainNav(page).getByRole('button', { name: 'Menu' })
    const eventsLink = mainNav(page).getByRole('link', { name: 'Events' })
    await expect(eventsLink).toBeHidden()
    await waitForHydration(page)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(eventsLink).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await toggle.click()
    await eventsLink.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page).toHaveURL(/#events$/)
    await expect(page.locator('#events')).toBeInViewport()
  })

  test('has no horizontal scrolling from 320 px to 1920 px', async ({ page }) => {
    await atTestNow(page)
    for (const width of [320, 768, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `at ${width}px`).toBeLessThanOrEqual(0)
    }
  })
})

test.describe('metadata and structured data in the server HTML', () => {
  test('the home page has title, description, canonical, Open Graph and Twitter tags', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/<title>Los Forasteros · Son Jarocho meets the spaghetti Western<\/title>/)
    expect(head).toMatch(/<meta name="description" content="Los Forasteros are a touring folk band[^"]*"\/>/)
    expect(head).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"\/>/)
    expect(head).toContain('<meta property="og:type" content="website"/>')
    expect(head).toMatch(/<meta property="og:url" content="http:\/\/localhost:\d+\/"\/>/)
    expect(head).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/content\/images\/local\/production\/[0-9a-f]{40}-1200x630\.jpg\?[^"]+"\/>/,
    )
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(head).toContain(
      '<meta property="og:title" content="Los Forasteros · Son Jarocho meets the spaghetti Western"/>',
    )
  })

  test('the sharing image is served', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&')
    const response = await request.get(image)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^image\//)
  })

  test('JSON-LD: a MusicGroup with every show as a MusicEvent, and the media list', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1]
    expect(json).toBeTruthy()
    const data = JSON.parse(json!) as { '@context': string; '@graph': Record<string, unknown>[] }
    expect(data['@context']).toBe('https://schema.org')
    const group = data['@graph'].find((node) => node['@type'] === 'MusicGroup')!
    expect(group.name).toBe('Los Forasteros')
    expect(group.sameAs).toHaveLength(4)
    type LdEvent = {
      '@type': string
      startDate: string
      url: string
      location: { name: string; address: { '@type': string; addressLocality: string } }
      offers: { availability: string; url: string }
    }
    const events = group.event as LdEvent[]
    expect(
      events.map((e) => [
        e['@type'],
        e.startDate,
        e.location.name,
        e.location.address.addressLocality,
        e.offers.availability,
      ]),
    ).toEqual([
      ['MusicEvent', '2025-10-25T19:00:00-07:00', 'Land+Sky', 'Somis', 'https://schema.org/InStock'],
      [
        'MusicEvent',
        '2025-11-06T19:00:00-08:00',
        'The Arlington Theatre',
        'Santa Barbara',
        'https://schema.org/SoldOut',
      ],
      [
        'MusicEvent',
        '2025-11-08T19:00:00-08:00',
        'Irvine Bowl',
        'Laguna Beach',
        'https://schema.org/SoldOut',
      ],
      ['MusicEvent', '2025-09-04T19:00:00-07:00', 'Hotel El Roblar', 'Ojai', 'https://schema.org/SoldOut'],
    ])
    expect(events[0]!.offers.url).toMatch(/^https:\/\/tickets\.example\.com\//)
    expect(events.every((e) => e.location.address['@type'] === 'PostalAddress' && e.url)).toBe(true)
    const media = data['@graph'].find((node) => node['@type'] === 'ItemList')!
    expect(media.numberOfItems).toBe(16)
    const items = (media.itemListElement as { item: Record<string, string> }[]).map(
      (entry) => entry.item['@type'],
    )
    expect(items.filter((type) => type === 'VideoObject')).toHaveLength(7)
    expect(items.filter((type) => type === 'ImageObject')).toHaveLength(9)
  })

  test('the 404 page has its metadata and status', async ({ request, page, consoleErrors }) => {
    const response = await request.get('/no/such/page')
    expect(response.status()).toBe(404)
    const html = await response.text()
    expect(html).toContain('<title>404 Page Not Found</title>')
    // One page for every unknown address (ADR 090): it names none, and a noindex page has no canonical link.
    expect(html).not.toContain('rel="canonical"')
    expect(html).not.toContain('/no/such/page')
    expect(html).toContain('<meta property="og:type" content="website"/>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/)
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ])
  })
})

test.describe('analytics', () => {
  test('loads gtag.js (blocked here) and queues a page view per route, the first included', async ({
    page,
    externalRequests,
  }) => {
    await atTestNow(page)
    await page.goto('/')
    await waitForHydration(page)
    await expect
      .poll(async () => (await analyticsQueue(page)).filter((e) => e[1] === 'page_view').length)
      .toBe(1)
    const queue = await analyticsQueue(page)
    expect(queue).toContainEqual(['config', TEST_GA_ID, { send_page_view: false }])
    expect(queue.find((e) => e[1] === 'page_view')?.[2]).toMatchObject({ page_path: '/' })
    expect(externalRequests).toContain(`https://www.googletagmanager.com/gtag/js?id=${TEST_GA_ID}`)

    await mainNav(page).getByRole('link', { name: 'News' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
    await expect
      .poll(async () => (await analyticsQueue(page)).filter((e) => e[1] === 'page_view').length)
      .toBe(2)
    const views = (await analyticsQueue(page)).filter((e) => e[1] === 'page_view')
    expect(views[1]?.[2]).toMatchObject({ page_path: '/news', page_title: 'News · Los Forasteros' })
    // Only the blocked script itself tried to leave the machine.
    expect(externalRequests.every((url) => url.startsWith('https://www.googletagmanager.com/'))).toBe(true)
  })
})

test.describe('toasts and tooltips', () => {
  test('F8 focuses the toast region', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    await expect(region).toBeAttached()
    await page.keyboard.press('F8')
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  })

  test('social links show their network as a tooltip', async ({ page }) => {
    await atTestNow(page)
    await page.goto('/')
    const link = page.getByRole('link', { name: 'Los Forasteros on Instagram' })
    await waitForHydration(page)
    // Nothing loads the tooltips before the pointer moves (tests/e2e/first-load-budget.spec.ts); its first move does.
    await expect(link).not.toHaveAttribute('data-state')
    await page.mouse.move(5, 5)
    await expect(link).toHaveAttribute('data-state', /closed|open/) // Radix has taken over
    await link.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Instagram')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('tooltip')).toHaveCount(0)
  })

  test("each social link draws its network's mark from the sprite", async ({ page, consoleErrors }) => {
    await atTestNow(page)
    await page.goto('/')
    for (const network of ['instagram', 'youtube', 'facebook', 'spotify']) {
      const name = network === 'youtube' ? 'YouTube' : network[0]!.toUpperCase() + network.slice(1)
      const mark = page.getByRole('link', { name: `Los Forasteros on ${name}` }).locator('svg use')
      const href = (await mark.getAttribute('href'))!
      expect(href).toMatch(new RegExp(`^/assets/[\\w.-]+\\.svg#${network}$`))
      const sprite = await page.request.get(href.split('#')[0]!)
      expect(sprite.headers()['content-type']).toContain('image/svg+xml')
      expect(await sprite.text()).toContain(`<symbol id="${network}"`)
      // Drawn: the referenced symbol has loaded and has an outline (an unresolved <use> measures 0 x 0).
      await expect
        .poll(() => mark.evaluate((element: SVGUseElement) => element.getBBox().width))
        .toBeGreaterThan(0)
    }
    expect(consoleErrors).toEqual([])
  })
})
