import { pickColumns } from '../db/rows'
import type { ClientConfig } from 'pg'
import type { AreaCount, Language, SubscriberPreferences } from './subscriber-preferences'

/**
 * The one interface the newsletter uses to store subscribers. Two implementations: SQLite (the default, one
 * file in DATA_DIR) and PostgreSQL (when DATABASE_URL is set, for several nodes). Only they touch a database.
 */
export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

export type Subscriber = {
  id: string
  /** As the person typed it (trimmed). */
  email: string
  firstName: string
  lastName: string
  status: SubscriberStatus
  consentText: string
  consentVersion: string
  source: string
  /** HMAC of the sign-up IP with a server secret: lets abuse be spotted without storing the address. */
  ipHash: string | null
  /** ISO timestamps. */
  createdAt: string
  updatedAt: string
  confirmedAt: string | null
  unsubscribedAt: string | null
  confirmationSentAt: string | null
  /** The language of their mail and pages. */
  language: Language
}

/** A sign-up to record: the status depends on whether double opt-in is on. */
/** A `subscribers` row; `Time` is how the driver returns timestamps (SQLite: ISO text, PostgreSQL: `Date`). */
export type SubscriberRow<Time> = {
  id: string
  email: string
  first_name: string
  last_name: string
  status: SubscriberStatus
  consent_text: string
  consent_version: string
  source: string
  ip_hash: string | null
  created_at: Time
  updated_at: Time
  confirmed_at: Time | null
  unsubscribed_at: Time | null
  confirmation_sent_at: Time | null
  language: Language
}

const SUBSCRIBER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'status',
  'consent_text',
  'consent_version',
  'source',
  'ip_hash',
  'language',
] as const

/** A row as a subscriber, with its timestamps as ISO strings through `iso` (both stores share this). */
export function subscriberFromRow<Time>(row: SubscriberRow<Time>, iso: (time: Time) => string): Subscriber {
  const orNull = (time: Time | null) => (time === null ? null : iso(time))
  return {
    ...pickColumns(row, SUBSCRIBER_COLUMNS),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    confirmedAt: orNull(row.confirmed_at),
    unsubscribedAt: orNull(row.unsubscribed_at),
    confirmationSentAt: orNull(row.confirmation_sent_at),
  }
}

export type NewSubscriber = {
  email: string
  firstName: string
  lastName: string
  status: 'pending' | 'subscribed'
  consentText: string
  consentVersion: string
  source: string
  ipHash: string | null
  /** ISO time of the sign-up. */
  at: string
  /** Show alert areas (slugs) and mail language; none: everywhere, in English. */
  areas?: string[]
  language?: Language
}

export type ListQuery = {
  status?: SubscriberStatus
  /** Matches e-mail, first or last name, case-insensitively. */
  search?: string
  limit: number
  offset: number
}

/** One page of the list, and how many match: exactly, or at least `total` when `totalCapped`. */
export type ListPage = { items: Subscriber[]; total: number; totalCapped: boolean }

/** What the export reads: the list's filter, without paging. */
export type ExportFilter = Pick<ListQuery, 'status' | 'search'>

/** What the CSV export sends of a subscriber (and `id`, its page cursor): no consent text, IP hash or mail times. */
export type ExportedSubscriber = Pick<
  Subscriber,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'status'
  | 'createdAt'
  | 'confirmedAt'
  | 'unsubscribedAt'
  | 'consentVersion'
  | 'source'
> & {
  /** Show alert area slugs, sorted, separated by spaces; empty: everywhere. */
  areas: string
  language: Language
}

/** A field of `ExportedSubscriber`: a column of the CSV. */
export type ExportedField = keyof ExportedSubscriber

export type StatusCounts = Record<SubscriberStatus, number>

/** The settings a PostgreSQL connection of the export's own takes from the store's pool. */
export type PostgresConnection = Pick<
  ClientConfig,
  | 'connectionString'
  | 'host'
  | 'port'
  | 'user'
  | 'password'
  | 'database'
  | 'options'
  | 'ssl'
  | 'application_name'
>

/**
 * What one export reads, as its store describes it on the event loop (`SubscribersRepository.exportJob`): plain
 * data, since the export's thread opens a connection of its own to the same store and does the reading there.
 */
export type ExportJob =
  | { store: 'postgres'; connection: PostgresConnection; sql: string }
  | { store: 'sqlite'; file: string; filter: ExportFilter; broad: boolean; fields: readonly ExportedField[] }

export interface SubscribersRepository {
  /** Records a sign-up unless the address (case-insensitively) is known; returns the stored row either way. */
  insertIfAbsent(input: NewSubscriber): Promise<{ created: boolean; subscriber: Subscriber }>
  /** Starts over for someone who unsubscribed (new consent, new status); null unless they had unsubscribed. */
  resubscribe(id: string, input: NewSubscriber): Promise<Subscriber | null>
  markConfirmationSent(id: string, at: string): Promise<void>
  /** pending -> subscribed; null when the subscriber is gone or not pending. */
  confirm(id: string, at: string): Promise<Subscriber | null>
  /** Any status -> unsubscribed; null when the subscriber is gone. Repeating it keeps the first time. */
  unsubscribe(id: string, at: string): Promise<Subscriber | null>
  findById(id: string): Promise<Subscriber | null>
  findByEmail(email: string): Promise<Subscriber | null>
  /**
   * Newest first, one page. With a search term the total is counted up to `TOTAL_CAP` (subscriber-search.ts):
   * `totalCapped` says more match than that. A term shorter than a trigram matches the start of the address or
   * of a name; a longer one matches anywhere in them (ADR 176).
   */
  list(query: ListQuery): Promise<ListPage>
  countByStatus(): Promise<StatusCounts>
  /**
   * Every subscriber the filter matches, newest first (the list's order), `pageSize` at a time. Each page is
   * read after the last row of the page before (keyset pagination), so it costs its own rows however deep it
   * is, nothing is counted, and a row added or erased meanwhile shifts no other row out of the export. Only the
   * exported columns are read, already in their exported form (no row objects to convert).
   */
  exportPages(filter: ExportFilter, pageSize: number): AsyncIterable<ExportedSubscriber[]>
  /**
   * What the server's export of these rows reads (`fields`' cells, in `exportPages`' order), for the export's own
   * thread, which opens a connection of its own to this store (export-thread/, ADR 204): PostgreSQL's one COPY
   * (ADR 199), or SQLite's keyset pages.
   */
  exportJob(filter: ExportFilter, fields: readonly ExportedField[]): Promise<ExportJob>
  /** Show alert areas and language; null when the subscriber is gone. */
  preferences(id: string): Promise<SubscriberPreferences | null>
  /** The areas and language of each of these subscribers that exists (one query, for a page of the admin list). */
  preferencesOf(ids: string[]): Promise<Map<string, SubscriberPreferences>>
  /** Replaces the areas and language; false when the subscriber is gone. */
  setPreferences(id: string, prefs: SubscriberPreferences): Promise<boolean>
  /** Confirmed subscribers per chosen area (null: everywhere): where the fans are. */
  subscribersPerArea(): Promise<AreaCount[]>
  /** Erasure: the row is gone, with its areas and queued alerts. False when there was none. */
  remove(id: string): Promise<boolean>
  close(): Promise<void>
}

/**
 * What the admin search looks in, on both stores: the address, first and last name, lower-cased, separated by
 * spaces (so "ana lópez" finds Ana López). The migrations index this very expression (trigrams: FTS5 on SQLite,
 * pg_trgm on PostgreSQL); PostgreSQL uses its index only for the expression written exactly so.
 */
export const SEARCH_TEXT = "(email_key || ' ' || lower(first_name) || ' ' || lower(last_name))"

/**
 * LIKE pattern for a term found anywhere in `SEARCH_TEXT` (already lower-cased, see subscriber-search.ts), with
 * the wildcards of the term escaped (PostgreSQL's default escape character, a backslash).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** `SELECT status, count(*) AS n ... GROUP BY status` as counts; a status with no row counts 0. */
export function countsByStatus(rows: { status: string; n: number | string }[]): StatusCounts {
  const counts: StatusCounts = { pending: 0, subscribed: 0, unsubscribed: 0 }
  for (const { status, n } of rows) {
    if ((SUBSCRIBER_STATUSES as readonly string[]).includes(status))
      counts[status as SubscriberStatus] = Number(n)
  }
  return counts
}

/**
 * Keyset pages: `readAfter(last)` reads the page after the row `last` (the first page without one), until a page
 * comes back short.
 */
export async function* keysetPages<Row>(
  pageSize: number,
  readAfter: (last: Row | undefined) => Row[] | Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let last: Row | undefined
  for (;;) {
    const page = await readAfter(last)
    if (page.length > 0) yield page
    if (page.length < pageSize) return
    last = page.at(-1)
  }
}

/** A single opt-in sign-up is confirmed the moment it is recorded. */
export const confirmedAtOf = (input: Pick<NewSubscriber, 'status' | 'at'>) =>
  input.status === 'subscribed' ? input.at : null
