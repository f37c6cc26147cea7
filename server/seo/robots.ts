/**
 * robots.txt: everything public may be crawled except the Studio and the JSON APIs; the sitemap is named
 * with an absolute URL, as the protocol requires. Content images (/content/images) stay crawlable.
 */
export function buildRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')
}
