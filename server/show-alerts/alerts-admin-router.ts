import { Router, type RequestHandler } from 'express'
import type { BandName } from '../band-name'
import type { AreaCatalog, AreaCount } from '../newsletter/subscriber-preferences'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import type { AlertPreview, AlertsOverview } from './alerts-admin-types'
import type { AlertsStore } from './alerts-store'
import { alertMail } from './mail/alert-mail'
import { templateFor } from './mail/templates'
import { isLocale } from '../../web/src/lib/i18n/locale-contract'
import type { ShowSnapshot } from './show-snapshot'

/** Fans a show's mail would go to now: those of its area and those of everywhere (each fan counted once per area). */
const recipientsOf = (perArea: AreaCount[], area: string | null) =>
  perArea
    .filter((row) => row.area === null || row.area === area)
    .reduce((sum, row) => sum + row.subscribers, 0)

/**
 * A show as the mail would list it, before it is published (from its draft) or while it waits, and why its
 * publishing would announce nothing (null: it would).
 */
export type ShowPreview = (showId: string) => { show: ShowSnapshot; notNews: string | null } | null

type AdminDeps = {
  alerts: AlertsStore
  repo: SubscribersRepository
  areas: AreaCatalog
  authorize: RequestHandler[]
  bandName: BandName
  showPreview: ShowPreview
  origin: () => string
}

/** GET /: outbox counts, the mails given up on, and confirmed subscribers of every area (none too). */
function overview({ alerts, repo, areas }: AdminDeps): RequestHandler {
  return async (_req, res) => {
    const [counts, givenUp, perArea, offered] = await Promise.all([
      alerts.counts(),
      alerts.givenUp(20),
      repo.subscribersPerArea(),
      areas(),
    ])
    const names = new Map(offered.map((area) => [area.slug, area.name]))
    const counted = new Set(perArea.map((row) => row.area))
    // Areas no fan chose yet are listed too (and everywhere): where there are none is worth knowing when booking.
    const empty = [
      ...(counted.has(null) ? [] : [{ slug: null, name: 'Everywhere' }]),
      ...offered.filter((area) => !counted.has(area.slug)),
    ]
    const body: AlertsOverview = {
      outbox: counts,
      givenUp,
      subscribersPerArea: [
        ...perArea.map((row) => ({
          ...row,
          name: row.area === null ? 'Everywhere' : (names.get(row.area) ?? row.area),
        })),
        ...empty.map((area) => ({ area: area.slug, name: area.name, subscribers: 0 })),
      ],
    }
    res.json(body)
  }
}

/** GET /preview?show=<id>: the mail a show's fans would get (HTML, or JSON with whom and whether it goes). */
function preview({ alerts, repo, bandName, showPreview, origin }: AdminDeps): RequestHandler {
  return async (req, res) => {
    const id = typeof req.query.show === 'string' ? req.query.show : ''
    const found = id ? showPreview(id) : null
    if (!found) {
      res.status(404).json({ message: 'No show with that id, or it has no date yet' })
      return
    }
    const { show } = found
    const base = origin()
    const mail = alertMail({ email: 'fan@example.com', firstName: 'Fan' }, [show], {
      band: await bandName(),
      areaNames: show.area ? [show.area.name] : [],
      links: {
        origin: base,
        preferencesUrl: `${base}/api/newsletter/preferences?token=preview`,
        unsubscribeUrl: `${base}/api/newsletter/unsubscribe?token=preview`,
      },
      // ?language=es previews what Spanish readers get.
      template: templateFor(isLocale(req.query.language) ? req.query.language : 'en'),
    })
    if (req.accepts(['html', 'json']) !== 'json') {
      res.type('html').send(mail.html)
      return
    }
    const body: AlertPreview = {
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      recipients: recipientsOf(await repo.subscribersPerArea(), show.area?.slug ?? null),
      notSentBecause:
        found.notNews ??
        ((await alerts.seen([id])).has(id) ? 'it was published before; edits send nothing' : null),
    }
    res.json(body)
  }
}

/**
 * The Studio's view of the show alerts, at /api/newsletter/admin/alerts: outbox counts (queued, sent, failed),
 * the mails given up on, confirmed subscribers per area, and a preview of the mail for a show.
 */
export function createAlertsAdminRouter(deps: AdminDeps): Router {
  const router = Router()
  router.use(...deps.authorize)
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  router.get('/', overview(deps))
  router.get('/preview', preview(deps))
  return router
}
