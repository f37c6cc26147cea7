import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { Subscriber, SubscribersRepository } from '../newsletter/subscribers-repository'
import type { SubscriberPreferences } from '../newsletter/subscriber-preferences'
import type { Announcement, AlertsStore, ClaimedAlert, Outcome } from './alerts-store'
import { showsFor } from './mail/alert-mail'
import { createPacer, defaultSleep } from '../pacing'
import { backoffMs, errorText, isPermanent } from './retry-policy'
import type { ShowSnapshot } from './show-snapshot'

export type SenderOptions = {
  mailsPerSecond: number
  maxAttempts: number
  leaseMs: number
  retryBaseMs: number
  retryMaxMs: number
  /** Longest sleep with nothing due, so rows written by another node are picked up. */
  pollMs: number
}

/**
 * Writes and sends one subscriber's alert; rejects as the SMTP send did (a `responseCode` of 5xx is not retried).
 * Resolving means SMTP accepted the mail.
 */
export type SendAlert = (
  subscriber: Subscriber,
  prefs: SubscriberPreferences,
  shows: ShowSnapshot[],
) => Promise<void>

/** How long outcomes wait to be written together. */
const OUTCOME_FLUSH_MS = 100

/** Mails handed to SMTP at once: enough to keep a pooled connection busy at the rate, few enough to stay polite. */
export const IN_FLIGHT = 8

/**
 * Delivers the outbox over SMTP at `mailsPerSecond` (docs/decisions/190-show-alerts-outbox.md): claims due rows
 * with a lease, sends each, records the outcome; retries with backoff and gives up (logged, counted as failed)
 * after `maxAttempts` or at a permanent SMTP refusal. A row found held by a sender that stopped may have been
 * accepted already: it is sent again and logged as a possible duplicate.
 */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function createAlertSender({
  alerts,
  repo,
  send,
  clock,
  logger,
  options,
}: {
  alerts: AlertsStore
  repo: SubscribersRepository
  send: SendAlert
  clock: Clock
  logger: Logger
  options: SenderOptions
}) {
  const pace = createPacer(options.mailsPerSecond)
  const announcements = new Map<number, Promise<Announcement | null>>()
  let running = false
  let loop: Promise<void> = Promise.resolve()
  let wakeUp: (() => void) | null = null
  const now = () => clock.now().toISOString()

  const announcementOf = (id: number) => {
    let found = announcements.get(id)
    if (!found) {
      if (announcements.size > 100) announcements.clear()
      found = alerts.announcement(id)
      announcements.set(id, found)
    }
    return found
  }

  async function deliver(row: ClaimedAlert, prefsOf: Map<string, SubscriberPreferences>): Promise<Outcome> {
    if (row.possiblyDelivered) {
      logger.warn(
        { outboxId: row.id, subscriberId: row.subscriberId, announcementId: row.announcementId },
        'show alert: sending again a mail whose sender stopped mid-send; SMTP may have accepted it, so it may arrive twice',
      )
    }
    const subscriber = await repo.findById(row.subscriberId)
    const prefs = subscriber && prefsOf.get(subscriber.id)
    if (!subscriber || !prefs || subscriber.status !== 'subscribed') {
      return { id: row.id, status: 'skipped', at: now(), error: 'no longer subscribed' }
    }
    const announcement = await announcementOf(row.announcementId)
    const shows = showsFor(announcement?.shows ?? [], prefs.areas)
    if (shows.length === 0) {
      return { id: row.id, status: 'skipped', at: now(), error: 'no show in their areas any more' }
    }
    await pace()
    try {
      await send(subscriber, prefs, shows)
    } catch (error) {
      return failed(row, error)
    }
    return { id: row.id, status: 'sent', at: now(), error: null }
  }

  function failed(row: ClaimedAlert, error: unknown): Outcome {
    const message = errorText(error)
    if (isPermanent(error) || row.attempts >= options.maxAttempts) {
      logger.warn(
        { outboxId: row.id, subscriberId: row.subscriberId, attempts: row.attempts, error: message },
        'show alert: gave up on a mail',
      )
      return { id: row.id, status: 'failed', at: now(), error: message }
    }
    const next = new Date(
      clock.now().getTime() + backoffMs(row.attempts, options.retryBaseMs, options.retryMaxMs),
    )
    logger.info({ outboxId: row.id, attempts: row.attempts, error: message, next }, 'show alert: will retry')
    return { id: row.id, status: 'retry', next: next.toISOString(), error: message }
  }

  /**
   * Outcomes are written in groups, one commit each (a commit per mail would cap the rate at the disk's flushes).
   * A mail sent in the moments before a crash whose outcome was not written yet is the one that may go twice.
   */
  function outcomeWriter() {
    let buffer: Outcome[] = []
    let last = performance.now()
    const flush = async () => {
      const group = buffer
      buffer = []
      last = performance.now()
      if (group.length > 0) await alerts.settle(group)
    }
    return {
      async add(outcome: Outcome) {
        buffer.push(outcome)
        if (performance.now() - last >= OUTCOME_FLUSH_MS) await flush()
      },
      flush,
    }
  }

  /** Sends the claimed rows, at most IN_FLIGHT at a time. */
  async function sendAll(rows: ClaimedAlert[]) {
    const outcomes = outcomeWriter()
    // The claim's areas and languages in one read: a query per mail took its turn on the event loop.
    const prefsOf = await repo.preferencesOf(rows.map((row) => row.subscriberId))
    let index = 0
    const worker = async () => {
      while (running && index < rows.length) {
        const row = rows[index++]!
        try {
          await outcomes.add(await deliver(row, prefsOf))
        } catch (err) {
          // A store error: the row stays held until its lease ends, then it is tried again.
          logger.error({ err, outboxId: row.id }, 'show alert: could not record a delivery')
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker))
    // Stopping: rows not begun are handed back, so the next start does not take them for interrupted sends.
    for (const row of rows.slice(index)) {
      await outcomes.add({
        id: row.id,
        status: 'retry',
        next: now(),
        error: 'not sent before the sender stopped',
      })
    }
    await outcomes.flush()
  }

  async function sleepUntilDue() {
    const due = await alerts.nextDue()
    const wait =
      due === null ? options.pollMs : Math.min(options.pollMs, Date.parse(due) - clock.now().getTime())
    if (wait <= 0) return
    await new Promise<void>((resolve) => {
      wakeUp = resolve
      void defaultSleep(wait).then(resolve)
    })
    wakeUp = null
  }

  // One batch is about a second of sending, so the lease is never near its end while rows wait their turn.
  const batchSize = Math.max(1, Math.min(500, Math.ceil(options.mailsPerSecond)))

  async function run() {
    while (running) {
      try {
        const rows = await alerts.claim(batchSize, now(), options.leaseMs)
        if (rows.length > 0) await sendAll(rows)
        else await sleepUntilDue()
      } catch (err) {
        logger.error({ err }, 'show alert: the sender could not read the outbox; trying again')
        await defaultSleep(options.pollMs)
      }
    }
  }

  return {
    start() {
      if (running) return
      running = true
      loop = run()
    },
    /** New rows were written: stop sleeping. */
    wake() {
      wakeUp?.()
    },
    async stop() {
      running = false
      wakeUp?.()
      await loop
    },
  }
}

export type AlertSender = ReturnType<typeof createAlertSender>
