/** The site feature's public module: the site settings every page reads (ADR 074). */
export { getSiteSettings, useSiteSettings, type SiteSettings } from './api/get-site-settings'
