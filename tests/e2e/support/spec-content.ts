import type { Page } from '@playwright/test'

/** The media grid (docs/fan-site-rules.md §2) as the seed reproduces it, in order, by slug. */
export const SPEC_MEDIA_SLUGS = [
  'Qx7LmR2vK9d',
  'tour-promo-poster',
  'alma-oeste-blend',
  'alma-oeste',
  'intoxicated',
  'la-bamba',
  'cascabel',
  'colas-breakdown',
  'band-performance-1',
  'band-rehearsal',
  'marisol-performance',
  'band-backstage',
  'full-band-setup',
  'elena-portrait',
  'rafa-drums',
  'band-performance-2',
]

/** The home page's gallery tile of a media item. */
export const mediaTile = (page: Page, slug: string) => page.locator(`#media .media-tile[data-slug="${slug}"]`)
