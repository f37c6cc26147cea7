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
}

/** A sign-up to record: the status depends on whether double opt-in is on. */
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
}

export type ListQuery = {
  status?: SubscriberStatus
  /** Matches e-mail, first or last name, case-insensitively. */
  search?: string
  limit: number
  offset: number
}

export type StatusCounts = Record<SubscriberStatus, number>

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
  /** Newest first. */
  list(query: ListQuery): Promise<{ items: Subscriber[]; total: number }>
  countByStatus(): Promise<StatusCounts>
  /** Erasure: the row is gone. False when there was none. */
  remove(id: string): Promise<boolean>
  close(): Promise<void>
}

/** LIKE pattern for a search term, with the wildcards of the term escaped (ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function emptyCounts(): StatusCounts {
  return { pending: 0, subscribed: 0, unsubscribed: 0 }
}
