import type { Config } from 'sanity'
import { Studio } from 'sanity'
import { createStudioConfig, studioSettingsFrom } from '../../../../studio/studio-config'
import { DEFAULT_CONTENT_CONFIG, type ContentConfig } from '../../config/public-config'

let cached: { key: string; config: Config } | undefined

/**
 * One config object per settings for the page's lifetime: the Studio keys its auth store and clients on
 * the config's identity, and a second config made on a re-mount would start a second auth store that
 * races the first for the one-time `#sid` of the login hand-back (and loses, showing the login again).
 */
function studioConfigFor(content: ContentConfig, origin: string): Config {
  const settings = studioSettingsFrom(content, origin)
  const key = JSON.stringify(settings)
  if (cached?.key !== key) cached = { key, config: createStudioConfig(settings) }
  return cached.config
}

/**
 * The embedded Sanity Studio, full viewport. This module is the only one that imports `sanity`; it is
 * loaded lazily from the /admin route in the browser only, so public pages and the server render never
 * carry the Studio's code.
 */
export function AdminPage({ content = DEFAULT_CONTENT_CONFIG }: { content?: ContentConfig }) {
  return (
    <div className="admin-studio" style={{ height: '100dvh', overflow: 'hidden' }}>
      <title>Admin · Los Forasteros</title>
      <Studio config={studioConfigFor(content, window.location.origin)} />
    </div>
  )
}
