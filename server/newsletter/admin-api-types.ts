import type { SubscriberPreferences } from './subscriber-preferences'
import type { Subscriber, SubscriberStatus } from './subscribers-repository'

/**
 * The subscriber admin API's types (admin-router.ts), written once here; the Studio's subscribers tool imports
 * them as types (ADR 074).
 */
export type { SubscriberStatus }

/**
 * What the Studio sees of a subscriber: everything but the IP hash, which is only for abuse analysis; with the
 * show alert areas they chose (slugs; none: everywhere) and the language of their mail.
 */
export type AdminSubscriber = Omit<Subscriber, 'ipHash'> & SubscriberPreferences

/**
 * `GET /subscribers`: one page of subscribers, with the count of each status. With a search term, `total` is
 * counted up to a cap (1,000): `totalCapped` says more than `total` match (ADR 176).
 */
export type SubscriberPage = {
  items: AdminSubscriber[]
  total: number
  totalCapped: boolean
  limit: number
  offset: number
  counts: Record<SubscriberStatus | 'all', number>
}

/** `GET /subscribers` and `GET /subscribers.csv` query parameters. */
export type ListParams = { status?: SubscriberStatus; q?: string; limit?: number; offset?: number }
