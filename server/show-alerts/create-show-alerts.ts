import { Router, type RequestHandler } from 'express'
import pg from 'pg'
import type { BandName } from '../band-name'
import type { Clock } from '../clock'
import { getDraftId, type ContentStore } from '../content-api/engine'
import type { Env } from '../env'
import type { Logger } from '../logger'
import { requireSubscriberAdmin } from '../newsletter/admin-auth'
import { subscribersFile } from '../newsletter/sqlite-subscribers-repository'
import { areaNameIn, type AreaCatalog } from '../newsletter/subscriber-preferences'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import type { TokenSigner } from '../newsletter/tokens'
import { createAlertsAdminRouter } from './alerts-admin-router'
import type { AlertsStore } from './alerts-store'
import { createAlertSender, IN_FLIGHT, type SendAlert } from './alert-sender'
import { createAnnouncementDetector } from './announcement-detector'
import { contentAreaLookup } from './area-catalog'
import { createFanOut } from './fan-out'
import { alertMailsOnTheEventLoop, createAlertMailThread } from './mail/alert-mail-thread'
import { openPostgresAlertsStore } from './postgres-alerts-store'
import { createPreferencesRouter } from './preferences-router'
import { snapshotOf, whyNotNews } from './show-snapshot'
import { openSqliteAlertsStore } from './sqlite-alerts-store'

export type ShowAlertsEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'SITE_URL'
  | 'PORT'
  | 'NEWSLETTER_ADMIN_TOKEN'
  | 'ALERTS_COALESCE_S'
  | 'ALERTS_MAILS_PER_SECOND'
  | 'ALERTS_MAX_ATTEMPTS'
  | 'ALERTS_RETRY_BASE_S'
  | 'ALERTS_LEASE_S'
  | 'ALERTS_MAIL_WORK'
>

/**
 * Outbox rows written per fan-out transaction: on SQLite a batch holds the event loop for its rows, so a short one
 * lets requests in often; the batches' total time does not grow as they shrink (docs/decisions/190-show-alerts-outbox.md).
 */
export const FAN_OUT_BATCH = 250
const RETRY_MAX_MS = 24 * 60 * 60_000
const POLL_MS = 5000

export function openAlertsStore(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>): AlertsStore {
  return env.DATABASE_URL
    ? openPostgresAlertsStore(new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 }))
    : openSqliteAlertsStore(subscribersFile(env.DATA_DIR))
}

/** How long the mails reuse the band's name they read. */
const BAND_NAME_TTL_MS = 1000

/**
 * The band's name read again only when the last read is `BAND_NAME_TTL_MS` old: the fan-out renders a mail per
 * fan, and a settings query per mail cost the pages a share of the process while it ran.
 */
function recentBandName(bandName: BandName): BandName {
  let last: { at: number; name: Promise<string> } | null = null
  return () => {
    const now = performance.now()
    if (!last || now - last.at > BAND_NAME_TTL_MS) last = { at: now, name: bandName() }
    return last.name
  }
}

/**
 * Show alerts (docs/decisions/190-show-alerts-outbox.md): the detector watching the content store's commits,
 * the fan-out into the outbox, the sender (only with SMTP_URL), the preferences page and the Studio's admin view.
 * Opened after the newsletter, whose repository migrates the tables.
 */
// eslint-disable-next-line max-lines-per-function -- wiring of the parts above
export async function createShowAlerts({
  env,
  logger,
  clock,
  content,
  dataset,
  repo,
  tokens,
  bandName,
  areas,
  authenticate,
}: {
  env: ShowAlertsEnv
  logger: Logger
  clock: Clock
  content: ContentStore
  dataset: string
  repo: SubscribersRepository
  tokens: TokenSigner
  bandName: BandName
  areas: AreaCatalog
  authenticate?: RequestHandler
}) {
  const alerts = openAlertsStore(env)
  const origin = () => (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  const mailSettings = env.SMTP_URL
    ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, inFlight: IN_FLIGHT }
    : null
  const thread =
    mailSettings &&
    (env.ALERTS_MAIL_WORK === 'thread'
      ? createAlertMailThread(mailSettings)
      : alertMailsOnTheEventLoop(mailSettings))

  const mailBandName = recentBandName(bandName)
  /** What only the event loop knows (the band's name, the areas' names, signed links), handed to the thread. */
  const send: SendAlert = async (subscriber, prefs, shows) => {
    // In the subscriber's language, the English name where the Spanish one is not written yet.
    const names = new Map((await areas()).map((area) => [area.slug, areaNameIn(area, prefs.language).name]))
    const base = origin()
    await thread!.send({
      to: { email: subscriber.email, firstName: subscriber.firstName },
      shows,
      band: await mailBandName(),
      areaNames: prefs.areas.map((slug) => names.get(slug) ?? slug),
      links: {
        origin: base,
        preferencesUrl: `${base}/api/newsletter/preferences?token=${tokens.sign('preferences', subscriber.id)}`,
        unsubscribeUrl: `${base}/api/newsletter/unsubscribe?token=${tokens.sign('unsubscribe', subscriber.id)}`,
      },
      language: prefs.language,
    })
  }

  const sender = thread
    ? createAlertSender({
        alerts,
        repo,
        send,
        clock,
        logger,
        options: {
          mailsPerSecond: env.ALERTS_MAILS_PER_SECOND,
          maxAttempts: env.ALERTS_MAX_ATTEMPTS,
          leaseMs: env.ALERTS_LEASE_S * 1000,
          retryBaseMs: env.ALERTS_RETRY_BASE_S * 1000,
          retryMaxMs: RETRY_MAX_MS,
          pollMs: POLL_MS,
        },
      })
    : null
  const fanOut = createFanOut({
    alerts,
    clock,
    logger,
    batchSize: FAN_OUT_BATCH,
    onRows: () => sender?.wake(),
  })
  const detector = createAnnouncementDetector({
    content,
    dataset,
    alerts,
    clock,
    logger,
    coalesceMs: env.ALERTS_COALESCE_S * 1000,
    onAnnouncement: (announcement) => void fanOut.add(announcement),
  })

  const areaOf = contentAreaLookup(content, dataset)
  const showPreview = (id: string) => {
    if (!content.hasDataset(dataset)) return null
    const state = content.dataset(dataset)
    const doc = state.get(getDraftId(id)) ?? state.get(id)
    const show = doc?._type === 'event' ? snapshotOf({ ...doc, _id: id }, areaOf) : null
    return show && { show, notNews: whyNotNews(doc!, clock.now()) }
  }

  const router = Router()
  router.use(
    '/admin/alerts',
    createAlertsAdminRouter({
      alerts,
      repo,
      areas,
      authorize: requireSubscriberAdmin({ authenticate, adminToken: env.NEWSLETTER_ADMIN_TOKEN }),
      bandName,
      showPreview,
      origin,
    }),
  )
  router.use(createPreferencesRouter({ repo, tokens, areas, bandName, clock, siteUrl: env.SITE_URL }))

  await detector.start()
  await fanOut.resume()
  sender?.start()
  logger.info(
    { sending: Boolean(sender), mailsPerSecond: env.ALERTS_MAILS_PER_SECOND },
    sender
      ? 'show alerts: on'
      : 'show alerts: announcements are recorded, but nothing is sent without SMTP_URL',
  )

  return {
    /** Mount at /api/newsletter, before the newsletter's own router. */
    router,
    alerts,
    /** Resolves when what was committed has been considered and fanned out (tests). */
    async settled() {
      await detector.idle()
      await fanOut.idle()
    },
    async close() {
      detector.stop()
      await fanOut.stop()
      await sender?.stop()
      await thread?.close()
      await alerts.close()
    },
  }
}

export type ShowAlerts = Awaited<ReturnType<typeof createShowAlerts>>
