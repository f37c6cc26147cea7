/**
 * Where content lives (docs/architecture.md §2). `local`: the embedded content API under `/content` on the page's own
 * origin (project id `local`). `cloud`: a Sanity project; the site reads Sanity's API CDN.
 */
export type ContentConfig = {
  backend: 'local' | 'cloud'
  /** `local` for the embedded content API, else the Sanity project id. */
  projectId: string
  dataset: string
  apiVersion: string
  /** Query API base: `/content` (embedded, same origin) or `https://<projectId>.apicdn.sanity.io`. */
  apiUrl: string
  /** Image and file base: `/content` (embedded) or `https://cdn.sanity.io`. */
  assetBaseUrl: string
}

/** Deployment settings the browser needs. Serialized into the page, so nothing secret belongs here. */
export type PublicConfig = {
  /** Origin used for canonical links and absolute URLs. */
  siteUrl?: string
  /** GA4 measurement id; undefined means analytics is off and no script is loaded. */
  gaMeasurementId?: string
  content: ContentConfig
}

export const CONTENT_API_VERSION = '2025-02-19'

/** The content settings for a deployment: Sanity's CDN when a project is configured, else `/content`. */
export function contentConfigFor({
  sanityProjectId,
  dataset,
}: {
  sanityProjectId?: string
  dataset: string
}): ContentConfig {
  if (sanityProjectId) {
    return {
      backend: 'cloud',
      projectId: sanityProjectId,
      dataset,
      apiVersion: CONTENT_API_VERSION,
      apiUrl: `https://${sanityProjectId}.apicdn.sanity.io`,
      assetBaseUrl: 'https://cdn.sanity.io',
    }
  }
  return {
    backend: 'local',
    projectId: 'local',
    dataset,
    apiVersion: CONTENT_API_VERSION,
    apiUrl: '/content',
    assetBaseUrl: '/content',
  }
}

/** The embedded default: `/content`, dataset `production`. */
export const DEFAULT_CONTENT_CONFIG: ContentConfig = contentConfigFor({ dataset: 'production' })

/**
 * What names the band before the site settings do (a dataset without them, or a render that could not read them).
 * Product code never spells the band's name: everything that names the band reads `siteSettings.bandName`
 * through `bandNameOf`, on the server and in the browser alike (ADR 074).
 */
export const FALLBACK_BAND_NAME = 'The band'

/** The band's name from the site settings, else the fallback. */
export function bandNameOf(settings: { bandName?: string | null } | null | undefined): string {
  return settings?.bandName || FALLBACK_BAND_NAME
}
