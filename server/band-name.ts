import { bandNameOf, FALLBACK_BAND_NAME } from '../web/src/config/public-config'
import { siteSettingsQuery } from '../web/src/content/queries'
import type { SiteSettingsQueryResult } from '../web/src/content/sanity.types'
import type { ContentClient } from '../web/src/lib/content-client'
import type { Logger } from './logger'

/** The band's name as the site settings give it now; read on each use, so a rename shows at once (ADR 074). */
export type BandName = () => Promise<string>

/** A band name that never changes: for a process without content (tests, a newsletter-only server). */
export const fixedBandName =
  (name: string = FALLBACK_BAND_NAME): BandName =>
  () =>
    Promise.resolve(name)

/**
 * Reads `siteSettings.bandName` through `reader` (the renders' published reader). Unreadable settings give the
 * fallback name and a warning, never a failed sign-up or mail.
 */
export function bandNameFrom(reader: Pick<ContentClient, 'fetch'>, logger: Logger): BandName {
  return async () => {
    try {
      return bandNameOf(await reader.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: 'en' }))
    } catch (err) {
      logger.warn({ err }, 'site settings unreadable: the band is named by the fallback')
      return FALLBACK_BAND_NAME
    }
  }
}
