/** Area and show documents for tests and the bench, shaped as the Studio writes them. */

/** An area named in English and, when `es` is given, in Spanish (ADR 193). */
export const area = (slug: string, name: string, es?: string) => ({
  _id: `area-${slug}`,
  _type: 'area',
  name: { _type: 'localeString', en: name, ...(es ? { es } : {}) },
  slug: { _type: 'slug', current: slug },
})

let n = 0

export function show(
  areaSlug: string | null,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> & { _id: string } {
  const id = `show-${++n}-${Math.random().toString(36).slice(2, 8)}`
  return {
    _id: id,
    _type: 'event',
    slug: { _type: 'slug', current: `2099-05-0${(n % 9) + 1}-venue-${id}` },
    startsAt: '2099-05-02T03:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    venue: `Venue ${n}`,
    city: `City ${n}`,
    region: 'CA',
    country: 'US',
    status: 'onSale',
    ticketUrl: `https://tickets.example.com/${id}`,
    ...(areaSlug ? { area: { _type: 'reference', _ref: `area-${areaSlug}` } } : {}),
    ...overrides,
  }
}
