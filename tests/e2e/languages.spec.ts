import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  localeOfPath,
  localizedPath,
  pathWithoutLocale,
} from '../../web/src/lib/i18n/localized-path-contract'
import { siteAddresses, siteContentClient, type SiteAddress } from './support/site-addresses'
import { expect, test, waitForHydration } from './support/test'

/** What a page's HTML says about its language and its translations. */
type LanguageHead = {
  status: number
  lang: string | undefined
  canonical: string | undefined
  /** hreflang -> absolute URL. */
  alternates: Record<string, string>
  ogLocale: string | undefined
  noindex: boolean
  /** The language switches' targets (header and footer). */
  switches: { href: string; hreflang: string; lang: string }[]
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&')

async function languageHead(request: APIRequestContext, url: string): Promise<LanguageHead> {
  const response = await request.get(url)
  const html = await response.text()
  const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[0])
  const alternates = tags(/<link rel="alternate" hrefLang="[^"]*"[^>]*>/g).map(
    (tag) => [attribute(tag, 'hrefLang')!, attribute(tag, 'href')!] as const,
  )
  return {
    status: response.status(),
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    canonical: attribute(tags(/<link rel="canonical"[^>]*>/g)[0] ?? '', 'href'),
    alternates: Object.fromEntries(alternates),
    ogLocale: attribute(tags(/<meta property="og:locale"[^>]*>/g)[0] ?? '', 'content'),
    noindex: html.includes('<meta name="robots" content="noindex"/>'),
    switches: tags(/<a class="language-switch[^"]*"[^>]*>/g).map((tag) => ({
      href: attribute(tag, 'href')!,
      hreflang: attribute(tag, 'hrefLang')!,
      lang: attribute(tag, 'lang')!,
    })),
  }
}

const other = (locale: string) => (locale === 'en' ? 'es' : 'en')

/**
 * Every page of the route table in both languages (tests/e2e/support/site-addresses.ts derives the Spanish
 * addresses): its `lang`, canonical, hreflang pairs that point at each other, and where its switch leads.
 */
test('every page in both languages says its language, its translations and where its switch leads', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const addresses: SiteAddress[] = await siteAddresses(siteContentClient(baseURL!))
  expect(addresses.filter(({ locale }) => locale === 'es').length).toBe(addresses.length / 2)
  for (const { url, locale, id } of addresses) {
    const head = await languageHead(request, url)
    const at = `${url} (${id})`
    expect(head.lang, at).toBe(locale)
    expect(head.switches, at).toHaveLength(2)
    for (const link of head.switches) {
      expect(link.hreflang, at).toBe(other(locale))
      expect(link.lang, at).toBe(other(locale))
    }
    // The switch leads to this address in the other language, with the parameters the page renders from.
    const target = localizedPath(other(locale), pathWithoutLocale(url))
    if (head.noindex && head.status !== 404) {
      // A page reached from a mail only (the newsletter's): no address to name, but a switch all the same.
      expect(head.canonical, at).toBeUndefined()
      expect(head.alternates, at).toEqual({})
      expect(
        head.switches.map(({ href }) => href),
        at,
      ).toEqual(Array(2).fill(target))
      continue
    }
    if (head.status === 404) {
      // One page shared by every unknown address: no address of its own, the switch leads home.
      expect(head.canonical, at).toBeUndefined()
      expect(head.alternates, at).toEqual({})
      expect(
        head.switches.map(({ href }) => href),
        at,
      ).toEqual(Array(2).fill(localizedPath(other(locale), '/')))
      continue
    }
    expect(head.status, at).toBe(200)
    expect(head.ogLocale, at).toBe(locale === 'es' ? 'es_MX' : 'en_US')
    // The canonical address is the page's own (a page may leave a parameter out of it: `?media=`), in its
    // language; the alternates name it and its translation, English as the default.
    const canonical = new URL(head.canonical!)
    expect(localeOfPath(canonical.pathname), at).toBe(locale)
    const translated = head.alternates[other(locale)]
    if (!translated) {
      // A page written in one language only (a news post, ADR 193): no alternates, the switch leads home.
      expect(head.alternates, at).toEqual({})
      expect(
        head.switches.map(({ href }) => href),
        at,
      ).toEqual(Array(2).fill(localizedPath(other(locale), '/')))
      continue
    }
    expect(head.alternates[locale], at).toBe(canonical.href)
    expect(head.alternates['x-default'], at).toBe(head.alternates.en)
    const translation = new URL(translated)
    expect(localeOfPath(translation.pathname), at).toBe(other(locale))
    // A page at the same path in both languages: the switch keeps the parameters the page renders from; a post
    // and its translation: the switch leads to the translation.
    const samePath = pathWithoutLocale(translation.pathname) === pathWithoutLocale(canonical.pathname)
    expect(
      head.switches.map(({ href }) => href),
      at,
    ).toEqual(Array(2).fill(samePath ? target : translation.pathname))
    // The translation names this page back, with the same set of alternates.
    const back = await languageHead(request, translation.pathname + translation.search)
    expect(back.lang, `the translation of ${at}`).toBe(other(locale))
    expect(back.alternates, `the translation of ${at}`).toEqual(head.alternates)
  }
})

test('/es/admin is no page: the Studio has one address', async ({ request }) => {
  expect((await request.get('/es/admin')).status()).toBe(404)
  expect((await request.get('/es/ADMIN/desk')).status()).toBe(404)
})

test('the server sends every visitor the same page, whatever language the browser asks for', async ({
  request,
}) => {
  for (const url of ['/', '/es', '/es/news']) {
    const bodies = await Promise.all(
      ['es-MX,es;q=0.9', 'en-US,en;q=0.9'].map(async (language) => {
        const response = await request.get(url, { headers: { 'Accept-Language': language }, maxRedirects: 0 })
        expect(response.status(), `${url} never redirects by language`).toBe(200)
        return response.text()
      }),
    )
    expect(bodies[0], url).toBe(bodies[1])
  }
})

const languageSwitch = (page: Page, where: 'banner' | 'contentinfo') =>
  page.getByRole(where).getByRole('link', { name: /^(ES: Español|EN: English),/ })

test.describe('the language switch', () => {
  test('leads to the same page in the other language, with its query and hash once hydrated', async ({
    page,
    consoleErrors,
  }) => {
    // A query parameter the page renders from goes along; a campaign tag stays behind, as the page cache drops it.
    await page.goto('/shows?area=bay-area&utm_source=newsletter#tour')
    await waitForHydration(page)
    const header = languageSwitch(page, 'banner')
    await expect(header).toHaveAccessibleName('ES: Español, esta página en español')
    await expect(header).toContainText('Español')
    await expect(header).toHaveAttribute('href', '/es/shows?area=bay-area#tour')
    await expect(languageSwitch(page, 'contentinfo')).toHaveAttribute('href', '/es/shows?area=bay-area#tour')

    await header.click()
    await expect(page).toHaveURL(/\/es\/shows\?area=bay-area#tour$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await waitForHydration(page)
    const back = languageSwitch(page, 'banner')
    await expect(back).toHaveAccessibleName('EN: English, this page in English')
    await expect(back).toHaveAttribute('href', '/shows?area=bay-area#tour')
    // Links on a Spanish page stay in Spanish, client-side navigation included.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').last().click()
    await expect(page).toHaveURL(/\/es\/news$/)
    expect(consoleErrors).toEqual([])
  })
})

test.describe('the language hint', () => {
  test.use({ languageHint: 'shown', locale: 'es-MX' })

  test('offers a Spanish reader the Spanish page after hydration, never in the HTML, and stays closed', async ({
    page,
  }) => {
    const response = await page.goto('/news')
    expect(await response!.text()).not.toContain('class="language-hint"')
    await waitForHydration(page)
    const hint = page.getByRole('complementary', { name: 'Idioma' })
    await expect(hint).toBeVisible()
    await expect(hint).toHaveAttribute('lang', 'es')
    await expect(hint.getByRole('link', { name: 'Ve esta página en español' })).toHaveAttribute(
      'href',
      '/es/news',
    )
    await hint.getByRole('button', { name: 'Cerrar aviso de idioma' }).click()
    await expect(hint).toBeHidden()
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByRole('complementary', { name: 'Idioma' })).toHaveCount(0)
  })

  test('is not offered on a page in the reader’s language, nor after they chose the other one', async ({
    page,
  }) => {
    await page.goto('/es/news')
    await waitForHydration(page)
    await expect(page.getByRole('complementary', { name: 'Language' })).toHaveCount(0)
    // The reader chooses English with the switch: the hint then offers Spanish no more.
    await languageSwitch(page, 'banner').click()
    await expect(page).toHaveURL(/\/news$/)
    await waitForHydration(page)
    await expect(page.getByRole('complementary', { name: 'Idioma' })).toHaveCount(0)
  })
})

/**
 * Lighthouse's `label-content-name-mismatch` (axe, experimental, so named here): a control whose accessible name
 * does not contain its visible text fails voice control ("click ES"). The switch shows its language's code on
 * a phone and its name on a desktop; the hint shows a close button and a link.
 */
test.describe('the switch and the hint name what they show', () => {
  test.use({ languageHint: 'shown', locale: 'es-MX' })
  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`on a ${device}, in both languages`, async ({ page }) => {
      await page.setViewportSize(viewport)
      // An English page with the Spanish hint, and a Spanish one (the switch leads to English).
      for (const path of ['/', '/es']) {
        await page.goto(path)
        await waitForHydration(page)
        if (path === '/') await expect(page.getByRole('complementary', { name: 'Idioma' })).toBeVisible()
        const results = await new AxeBuilder({ page })
          .withRules(['label-content-name-mismatch'])
          .include('.language-switch')
          .include('.language-hint')
          .analyze()
        expect(results.violations.flatMap((v) => v.nodes.map((node) => `${path}: ${node.html}`))).toEqual([])
        expect(
          results.passes.length + results.incomplete.length,
          `${path}: no control checked`,
        ).toBeGreaterThan(0)
      }
    })
  }
})
