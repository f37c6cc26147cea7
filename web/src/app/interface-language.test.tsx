import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { EventsSection } from '../features/events/components/events-section'
import { MediaSection } from '../features/media/components/media-section'
import { ShowDetails } from '../features/shows/components/show-details'
import { UpcomingShowsPage } from '../features/shows/upcoming-shows-page'
import { toShow, type ShowRecord } from '../features/shows/utils/show-rules'
import { AboutSection } from '../features/site/components/about-section'
import { ContactSection } from '../features/site/components/contact-section'
import { HeroSection } from '../features/site/components/hero-section'
import { SocialLinks } from '../features/site/components/social-links'
import type { SiteSettings } from '../features/site/api/get-site-settings'
import type { Locale } from '../lib/i18n/locale-contract'
import { renderSitePart } from '../testing/render-site-part'
import { CATALOGUES } from '../testing/with-i18n'
import { NotFoundPage } from './routes/not-found'

// The browser's clock on the fixtures' day: the tour is ahead (lib/now.tsx reads it once hydrated).
beforeAll(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-10-01T19:00:00Z') }))
afterAll(() => vi.useRealTimers())

const settings = {
  bandName: 'Los Forasteros',
  tagline: 'Son Jarocho del Lejano Oeste',
  bookingEmail: 'booking@example.com',
  socialLinks: [{ _key: 'i', platform: 'instagram', url: 'https://www.instagram.com/forasteros' }],
} as unknown as SiteSettings

function show(id: string, startsAt: string, status: ShowRecord['status'], extra: Partial<ShowRecord> = {}) {
  return {
    _id: id,
    _createdAt: '2025-01-01T00:00:00Z',
    _updatedAt: '2025-01-01T00:00:00Z',
    slug: id,
    startsAt,
    originalStartsAt: null,
    doorsTime: null,
    timeZone: 'America/Los_Angeles',
    venue: `Foro ${id}`,
    city: 'Somis',
    region: 'CA',
    country: 'US',
    address: null,
    postalCode: null,
    status,
    ticketUrl: 'https://tickets.example.com/x',
    price: 25,
    currency: 'USD',
    notes: null,
    setlist: null,
    area: null,
    ...extra,
  } as ShowRecord
}

const tour = [
  show('on-sale', '2025-10-26T02:00:00Z', 'onSale'),
  show('sold-out', '2025-11-07T03:00:00Z', 'soldOut'),
  show('cancelled', '2025-11-09T03:00:00Z', 'cancelled'),
  show('postponed', '2025-11-15T03:00:00Z', 'postponed'),
]

const homeContent = {
  siteSettings: settings,
  tourDates: {
    recent: [],
    later: tour,
    laterCount: tour.length,
    past: [show('past', '2025-09-05T03:00:00Z', 'soldOut')],
  },
  galleryItems: [
    { _id: 'a', slug: 'no-caption', kind: 'image' },
    { _id: 'b', slug: 'video', kind: 'youtube', youtubeId: 'abcdefghijk', caption: 'Fandango en Somis' },
  ],
}

/** The home page's parts in their order, in the site's frame. */
function renderHome(locale: Locale) {
  return renderSitePart(
    <>
      <SiteHeader bandName="Los Forasteros" />
      <main>
        <HeroSection settings={settings} />
        <EventsSection />
        <MediaSection />
        <AboutSection settings={settings} />
        <ContactSection settings={settings} />
        <SocialLinks settings={settings} />
      </main>
      <SiteFooter bandName="Los Forasteros" />
    </>,
    { locale, content: homeContent },
  )
}

/** What a visitor or a screen reader meets: the text and the names and alternatives in attributes. */
function interfaceText(container: HTMLElement): string {
  const attributes = [...container.querySelectorAll('[aria-label], [title], [alt], [placeholder]')].flatMap(
    (element) =>
      ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  )
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT)
  const texts: string[] = []
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '')
  return [...texts, ...attributes].join('\n')
}

/** The English catalogue's plain texts that Spanish writes differently, each a phrase to look for. */
function englishPhrases(): string[] {
  const phrases: string[] = []
  const walk = (english: object, spanish: object) => {
    for (const [key, value] of Object.entries(english)) {
      const other = (spanish as Record<string, unknown>)[key]
      if (typeof value === 'string') {
        if (value !== other && value.trim().length > 2) phrases.push(value.trim())
      } else if (typeof value === 'object' && value) walk(value, other as object)
    }
  }
  walk(CATALOGUES.en, CATALOGUES.es)
  return phrases
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The English phrases found in `text` as whole words ("Contact" is not in "Contacto"). */
const englishIn = (text: string) =>
  englishPhrases().filter((phrase) =>
    new RegExp(`(^|[^\\p{L}])${escape(phrase)}($|[^\\p{L}])`, 'u').test(text),
  )

describe('the home page in Spanish', () => {
  it('names its navigation, sections and statuses in Spanish', () => {
    renderHome('es')
    expect(screen.getByRole('navigation', { name: 'Principal' })).toHaveTextContent('Conciertos')
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Conciertos' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Galería' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver fechas de la gira' })).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: /^Boletos\s*para Foro on-sale \(se abre en otra pestaña\)$/ }),
    ).toBeInTheDocument()
    const text = document.body.textContent ?? ''
    expect(text).toContain('Agotado')
    expect(text).toContain('Cancelado')
    expect(text).toContain('Pospuesto')
    // The events list's dates in Spanish order: day, month, year.
    expect(text).toMatch(/25 oct\.? 2025/)
    expect(screen.getByRole('button', { name: 'Ver foto: Los Forasteros, foto 1 de 2' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Los Forasteros en Instagram' })).toBeInTheDocument()
  })

  it('leaves no English interface string in the page (every English catalogue text compared)', () => {
    const { container } = renderHome('es')
    expect(englishIn(interfaceText(container))).toEqual([])
  })

  it('the same comparison finds the English texts on the English page (it can fail)', () => {
    const { container } = renderHome('en')
    const found = englishIn(interfaceText(container))
    expect(found).toEqual(
      expect.arrayContaining(['Skip to content', 'Sold Out', 'Cancelled', 'See tour dates']),
    )
    expect(
      screen.getByRole('link', { name: /^Tickets\s*for Foro on-sale \(opens in a new tab\)$/ }),
    ).toBeInTheDocument()
  })
})

describe('show statuses in Spanish', () => {
  const details = (record: ShowRecord, locale: Locale, past = false) => {
    const parsed = toShow(record, locale)!
    return renderSitePart(<ShowDetails show={parsed} past={past} ticketLink={null} />, {
      locale,
      content: {},
    })
  }

  it.each([
    ['onSale', 'A la venta'],
    ['soldOut', 'Agotado'],
    ['cancelled', 'Cancelado'],
    ['postponed', 'Pospuesto: aquí anunciaremos la nueva fecha'],
  ] as const)('%s reads "%s"', (status, spanish) => {
    const { container } = details(show('x', '2025-10-26T02:00:00Z', status), 'es')
    expect(container.querySelector('.show-details__status')).toHaveTextContent(spanish)
  })

  it('a rescheduled show gives both dates in Spanish, in the venue’s time zone', () => {
    const moved = show('x', '2025-11-09T03:00:00Z', 'postponed', { originalStartsAt: '2025-10-26T02:00:00Z' })
    const { container } = details(moved, 'es')
    expect(container.querySelector('.show-details__status')).toHaveTextContent(
      'Pospuesto para el sábado, 8 de noviembre de 2025, 7:00 p.m. (se había anunciado para el sábado, 25 de octubre de 2025, 7:00 p.m.)',
    )
    expect(container).toHaveTextContent('Desde $25.00 USD')
    expect(englishIn(interfaceText(container))).toEqual([])
  })

  it('a past show says it has passed', () => {
    const { container } = details(show('x', '2025-09-05T03:00:00Z', 'onSale'), 'es', true)
    expect(container.querySelector('.show-details__status')).toHaveTextContent('Este concierto ya pasó')
  })

  it('the tour page counts and labels in Spanish', () => {
    const page = { records: tour, total: tour.length }
    const { container } = renderSitePart(
      <UpcomingShowsPage page={1} area={null} feedUrl="https://band.example/shows.ics" />,
      {
        locale: 'es',
        content: { 'shows/upcoming/1/null': page, areas: [] },
        path: '/shows',
      },
    )
    expect(container).toHaveTextContent('Se vienen 4 conciertos')
    expect(screen.getByRole('link', { name: 'Suscríbete al calendario de la gira' })).toBeInTheDocument()
    expect(englishIn(interfaceText(container))).toEqual([])
  })
})

describe('the 404 page in Spanish', () => {
  it('says so in Spanish, in its heading, hint, link and title', () => {
    renderSitePart(<NotFoundPage />, { locale: 'es', content: { siteSettings: settings } })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404: Página no encontrada')
    expect(screen.getByText('No hay ninguna página en esta dirección.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver a la página principal' })).toHaveAttribute('href', '/')
    expect(document.title || document.querySelector('title')?.textContent).toBe('404: Página no encontrada')
  })
})
