import { usePublicConfig } from './public-config-context'

/** Absolute URL on the site's public origin (SITE_URL, else the request's origin). */
export function useAbsoluteUrl(): (pathOrUrl: string) => string {
  const { siteUrl } = usePublicConfig()
  return (pathOrUrl) => new URL(pathOrUrl, siteUrl ?? 'http://localhost').toString()
}
