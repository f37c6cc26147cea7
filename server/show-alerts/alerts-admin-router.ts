import { Router, type RequestHandler } from 'express'
import type { BandName } from '../band-name'
import type { AreaCatalog } from '../newsletter/subscriber-preferences'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import type { AlertsStore } from './alerts-store'
import { alertMail } from './mail/alert-mail'
import { templateFor } from './mail/templates'
import { isLocale } from '../../web/src/lib/i18n/locale-contract'
import type { ShowSnapshot } from './show-snapshot'

/** A show as the mail would list it, before it is published (from its draft) or while it waits. */
export type ShowPreview = (showId: string) => ShowSnapshot | null

/**
 * The Studio's view of the show alerts, at /api/newsletter/admin/alerts: outbox counts (queued, sent, failed),
 * the mails given up on, confirmed subscribers per area, and a preview of the mail for a show.
 */
export function createAlertsAdminRouter({
  alerts,
  repo,
  areas,
  authorize,
  bandName,
  showPreview,
  origin,
}: {
  alerts: AlertsStore
  repo: SubscribersRepository
  areas: AreaCatalog
  authorize: RequestHandler[]
  bandName: BandName
  showPreview: ShowPreview
  origin: () => string
}): Router {
  const router = Router()
  router.use(...authorize)
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })

  router.get('/', async (_req, res) => {
    const [counts, givenUp, perArea, offered] = await Promise.all([
      alerts.counts(),
      alerts.givenUp(20),
      repo.subscribersPerArea(),
      areas(),
    ])
    const names = new Map(offered.map((area) => [area.slug, area.name]))
    res.json({
      outbox: counts,
      givenUp,
      subscribersPerArea: perArea.map((row) => ({
        ...row,
        name: row.area === null ? 'Everywhere' : (names.get(row.area) ?? row.area),
      })),
    })
  })

  router.get('/preview', async (req, res) => {
    const id = typeof req.query.show === 'string' ? req.query.show : ''
    const show = id ? showPreview(id) : null
    if (!show) {
      res.status(404).json({ message: 'No show with that id, or it has no date yet' })
      return
    }
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
    if (req.accepts(['html', 'json']) === 'json')
      res.json({ subject: mail.subject, text: mail.text, html: mail.html })
    else res.type('html').send(mail.html)
  })
  return router
}
