/**
 * Google's Event rich result rules (Search Central, "Event structured data": required and recommended
 * properties), as named checks over a JSON-LD object, so tests say which rule a page breaks. Test support:
 * the page code builds the data (show-json-ld.ts); this only judges it.
 */
type Json = Record<string, unknown>

const EVENT_STATUSES = [
  'EventScheduled',
  'EventCancelled',
  'EventPostponed',
  'EventRescheduled',
  'EventMovedOnline',
].map((status) => `https://schema.org/${status}`)
const AVAILABILITIES = ['InStock', 'SoldOut', 'PreOrder'].map((value) => `https://schema.org/${value}`)

/** ISO 8601 date-time with seconds optional and a UTC offset (`Z` or `±HH:MM`). */
const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/

const isText = (value: unknown) => typeof value === 'string' && value.trim() !== ''
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {})

export type RuleResult = { rule: string; level: 'required' | 'recommended'; ok: boolean }

/** Every rule with its verdict. `images` must include 16x9, 4x3 and 1x1 crops (by their `w`/`h` parameters). */
export function checkGoogleEventRules(data: Json): RuleResult[] {
  const location = obj(data.location)
  const address = obj(location.address)
  const offers = obj(data.offers)
  const performer = obj(data.performer)
  const organizer = obj(data.organizer)
  const images = Array.isArray(data.image) ? (data.image as unknown[]) : []
  const ratios = images.map((url) => {
    const params = new URL(String(url)).searchParams
    return Number(params.get('w')) / Number(params.get('h'))
  })
  const hasRatio = (ratio: number) => ratios.some((r) => Math.abs(r - ratio) < 0.01)
  const status = String(data.eventStatus ?? 'https://schema.org/EventScheduled')
  const rules: [string, 'required' | 'recommended', boolean][] = [
    ['type is Event or a subtype (MusicEvent)', 'required', data['@type'] === 'MusicEvent'],
    ['name', 'required', isText(data.name)],
    [
      'startDate is ISO 8601 with a UTC offset',
      'required',
      DATE_TIME_WITH_OFFSET.test(String(data.startDate)),
    ],
    ['location is a Place', 'required', location['@type'] === 'Place'],
    ['location.name', 'required', isText(location.name)],
    ['location.address is a PostalAddress', 'required', address['@type'] === 'PostalAddress'],
    ['location.address.addressLocality', 'required', isText(address.addressLocality)],
    ['description', 'recommended', isText(data.description)],
    ['eventStatus is a schema.org EventStatusType', 'recommended', EVENT_STATUSES.includes(status)],
    [
      'previousStartDate when rescheduled',
      'recommended',
      status !== 'https://schema.org/EventRescheduled' ||
        DATE_TIME_WITH_OFFSET.test(String(data.previousStartDate)),
    ],
    [
      'image in 16x9, 4x3 and 1x1',
      'recommended',
      images.every(isUrl) && hasRatio(16 / 9) && hasRatio(4 / 3) && hasRatio(1),
    ],
    ['location.address.streetAddress', 'recommended', isText(address.streetAddress)],
    ['location.address.postalCode', 'recommended', isText(address.postalCode)],
    ['location.address.addressRegion', 'recommended', isText(address.addressRegion)],
    ['location.address.addressCountry', 'recommended', isText(address.addressCountry)],
    ['offers is an Offer', 'recommended', offers['@type'] === 'Offer'],
    [
      'offers.availability is InStock, SoldOut or PreOrder',
      'recommended',
      AVAILABILITIES.includes(String(offers.availability)),
    ],
    ['offers.url', 'recommended', isUrl(offers.url)],
    [
      'offers.price with offers.priceCurrency',
      'recommended',
      typeof offers.price === 'number' && /^[A-Z]{3}$/.test(String(offers.priceCurrency)),
    ],
    ['organizer.name', 'recommended', isText(organizer.name)],
    ['organizer.url', 'recommended', isUrl(organizer.url)],
    ['performer.name', 'recommended', isText(performer.name)],
    ['url', 'recommended', isUrl(data.url)],
  ]
  return rules.map(([rule, level, ok]) => ({ rule, level, ok }))
}

/** The names of the rules the data breaks. */
export function brokenGoogleEventRules(data: Json): string[] {
  return checkGoogleEventRules(data)
    .filter((result) => !result.ok)
    .map((result) => result.rule)
}
