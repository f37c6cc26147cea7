import type { GivenUp, OutboxCounts } from './alerts-store'

/** GET /api/newsletter/admin/alerts: what the Studio's Fans tool shows. */
export type AlertsOverview = {
  outbox: OutboxCounts
  /** The mails given up on, newest first. */
  givenUp: GivenUp[]
  /** Confirmed subscribers per area; `area` null is everywhere. */
  subscribersPerArea: { area: string | null; name: string; subscribers: number }[]
}

/** GET /api/newsletter/admin/alerts/preview?show=<id> with Accept: application/json. */
export type AlertPreview = {
  subject: string
  text: string
  html: string
  /** Confirmed fans the mail would reach if the show were published now. */
  recipients: number
  /** Why publishing the show would send nothing (past, cancelled, "Notify fans" off, published before); null: it would. */
  notSentBecause: string | null
}
