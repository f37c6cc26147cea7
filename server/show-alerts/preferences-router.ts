import express, { Router, type Request, type RequestHandler } from 'express'
import type { BandName } from '../band-name'
import type { Clock } from '../clock'
import { jsonBody } from '../http/json-limits'
import { originOf } from '../newsletter/link-routes'
import { AreaSlugs } from '../newsletter/subscribe-schema'
import { LANGUAGES, normalAreas, type AreaCatalog, type Language } from '../newsletter/subscriber-preferences'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import type { TokenSigner } from '../newsletter/tokens'
import { invalidLinkPage, preferencesPage } from './preferences-page'
import { wordsFor } from '../newsletter/words/words-for'

/** Where the preferences page is, under /api/newsletter. */
export const PREFERENCES_PATH = '/preferences'

const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

/** A submitted choice (form or JSON), or why it is refused. */
async function parseChoice(body: unknown, areas: AreaCatalog) {
  const input = (body ?? {}) as { areas?: unknown; language?: unknown }
  const slugs = AreaSlugs.safeParse(asList(input.areas))
  if (!slugs.success) return { error: 'Please choose areas from the list' } as const
  const language = input.language ?? 'en'
  if (!LANGUAGES.includes(language as Language)) return { error: 'Unknown language' } as const
  const known = new Set((await areas()).map((area) => area.slug))
  const unknown = slugs.data.filter((slug) => !known.has(slug))
  if (unknown.length > 0) return { error: `Unknown area: ${unknown.join(', ')}` } as const
  // As stored (sorted, no repeats), so the answer tells the fan what was saved.
  return { prefs: { areas: normalAreas(slugs.data), language: language as Language } } as const
}

type PreferencesDeps = {
  repo: SubscribersRepository
  tokens: TokenSigner
  areas: AreaCatalog
  bandName: BandName
  clock: Clock
  siteUrl?: string
}

/** The signed link's subscriber, or null. */
const subscriberOf = (deps: PreferencesDeps, req: Request) => {
  const verified = deps.tokens.verify('preferences', req.query.token, deps.clock.now())
  return verified.ok ? verified.subscriberId : null
}

/** GET: the page (or JSON for `Accept: application/json`). */
function showPage(deps: PreferencesDeps): RequestHandler {
  const { repo, tokens, areas, bandName, siteUrl } = deps
  return async (req, res) => {
    res.set('Cache-Control', 'no-store')
    const id = subscriberOf(deps, req)
    const prefs = id ? await repo.preferences(id) : null
    const subscriber = id ? await repo.findById(id) : null
    if (!id || !prefs || subscriber?.status === 'unsubscribed') {
      const language = prefs?.language
      if (req.accepts(['html', 'json']) === 'json')
        res.status(404).json({ message: wordsFor(language).preferences.invalidJson })
      else
        res
          .status(404)
          .type('html')
          .send(invalidLinkPage(language, await bandName(), originOf(req, siteUrl)))
      return
    }
    const offered = await areas()
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({ ...prefs, areasOffered: offered })
      return
    }
    const origin = originOf(req, siteUrl)
    const token = encodeURIComponent(String(req.query.token))
    res.set('Content-Language', prefs.language)
    res.type('html').send(
      preferencesPage({
        band: await bandName(),
        areas: offered,
        prefs,
        formAction: `${origin}/api/newsletter${PREFERENCES_PATH}?token=${token}`,
        unsubscribeAction: `${origin}/api/newsletter/unsubscribe?token=${encodeURIComponent(
          tokens.sign('unsubscribe', id),
        )}&from=page`,
        saved: req.query.saved === '1',
      }),
    )
  }
}

/** POST: saves areas and language (a form from the page, or JSON). */
function savePreferences(deps: PreferencesDeps): RequestHandler {
  const { repo, areas } = deps
  return async (req, res) => {
    res.set('Cache-Control', 'no-store')
    const id = subscriberOf(deps, req)
    const json = Boolean(req.is('application/json'))
    if (!id) {
      res.status(400).json({ message: 'This link is not valid.' })
      return
    }
    const choice = await parseChoice(req.body, areas)
    if ('error' in choice) {
      res.status(400).json({ message: choice.error })
      return
    }
    const saved = await repo.setPreferences(id, choice.prefs)
    if (!saved) {
      res.status(400).json({ message: 'This link is not valid.' })
      return
    }
    if (json) res.json(choice.prefs)
    else
      res.redirect(
        303,
        `${req.baseUrl}${PREFERENCES_PATH}?token=${encodeURIComponent(String(req.query.token))}&saved=1`,
      )
  }
}

/**
 * The preferences page by signed link (no account), mounted at /api/newsletter: GET shows it, POST saves areas
 * and language. Leaving uses the unsubscribe endpoint.
 */
export function createPreferencesRouter(deps: PreferencesDeps): Router {
  const router = Router()
  router.get(PREFERENCES_PATH, showPage(deps))
  router.post(
    PREFERENCES_PATH,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 50 }),
    jsonBody({ limit: 4 * 1024, strict: true, maxDepth: 3 }),
    savePreferences(deps),
  )
  return router
}
