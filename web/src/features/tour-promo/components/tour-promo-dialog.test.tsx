import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { installDialogPolyfill } from '../../../testing/dialog-polyfill'
import { renderSitePart } from '../../../testing/render-site-part'
import type { TourPromo } from '../api/get-tour-promo'
import { TourPromoDialog } from './tour-promo-dialog'

vi.mock('../../../lib/analytics', () => ({ trackEvent: () => {} }))

beforeAll(() => installDialogPolyfill())

const promo = (overrides: Partial<TourPromo> = {}): TourPromo => ({
  enabled: true,
  heading: null,
  headingLang: null,
  youtubeId: null,
  thumbnail: null,
  body: null,
  bodyLang: null,
  ticketUrl: 'https://tickets.example.com/a',
  event: null,
  ...overrides,
})

describe('the tour promo while the CMS has no heading', () => {
  it.each([
    ['en', 'On tour', 'Tickets'],
    ['es', 'De gira', 'Boletos'],
  ] as const)('is headed in the page language (%s), not marked as another', (locale, heading, tickets) => {
    renderSitePart(<TourPromoDialog promo={promo()} onClose={() => {}} />, { locale, content: {} })
    expect(screen.getByRole('dialog', { name: heading })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: heading })).not.toHaveAttribute('lang')
    expect(screen.getByRole('link', { name: new RegExp(`^${tickets}`) })).toBeInTheDocument()
  })

  it('shows English standing in for a missing Spanish heading marked as English', () => {
    renderSitePart(
      <TourPromoDialog
        promo={promo({ heading: 'Anniversary tour', headingLang: 'en' })}
        onClose={() => {}}
      />,
      { locale: 'es', content: {} },
    )
    expect(screen.getByRole('heading', { name: 'Anniversary tour' })).toHaveAttribute('lang', 'en')
  })
})
