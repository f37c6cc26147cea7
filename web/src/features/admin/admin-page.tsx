import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Config } from 'sanity'
import { Studio } from 'sanity'
import { createStudioConfig, studioSettingsFrom } from '../../../../studio/studio-config'
import {
  bandNameOf,
  DEFAULT_CONTENT_CONFIG,
  FALLBACK_BAND_NAME,
  type ContentConfig,
} from '../../config/public-config'
import type { ContentClient } from '../../lib/content-client'
import { useContentClient } from '../../lib/content-context'
import { getSiteSettings } from '../site'

let cached: { key: string; config: Config } | undefined

/**
 * One config object per settings for the page's lifetime: the Studio keys its auth store and clients on
 * the config's identity, and a second config made on a re-mount would start a second auth store that
 * races the first for the one-time `#sid` of the login hand-back (and loses, showing the login again).
 */
function studioConfigFor(content: ContentConfig, origin: string, title: string): Config {
  const settings = studioSettingsFrom(content, origin)
  const key = JSON.stringify({ settings, title })
  if (cached?.key !== key) cached = { key, config: createStudioConfig(settings, { title }) }
  return cached.config
}

/**
 * The band's name for the Studio's title. Unreadable settings leave the fallback name rather than no Studio at all.
 */
function studioTitleQueryOptions(client: ContentClient) {
  // The client is transport only, as in the site settings' own query options.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['admin', 'bandName'],
    queryFn: () => getSiteSettings(client, 'en').then(bandNameOf, () => FALLBACK_BAND_NAME),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Read once before the Studio mounts: a title arriving later would make a second config (see above). */
const useStudioTitle = () => useSuspenseQuery(studioTitleQueryOptions(useContentClient())).data

/**
 * The embedded Sanity Studio, full viewport. This module is the only one that imports `sanity`; it is
 * loaded lazily from the /admin route in the browser only, so public pages and the server render never
 * carry the Studio's code.
 */
export function AdminPage({ content = DEFAULT_CONTENT_CONFIG }: { content?: ContentConfig }) {
  const bandName = useStudioTitle()
  return (
    <div className="admin-studio" style={{ height: '100dvh', overflow: 'hidden' }}>
      <title>{`Admin · ${bandName}`}</title>
      <Studio config={studioConfigFor(content, window.location.origin, bandName)} />
    </div>
  )
}
