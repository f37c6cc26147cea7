import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { SITE_PAGES, type RouteEntry } from '../../web/src/app/route-table'
import { siteAddresses } from '../e2e/support/site-addresses'

const routesDir = mkdtempSync(join(tmpdir(), 'route-modules-'))
afterAll(() => rmSync(routesDir, { recursive: true, force: true }))

/** A content reader the pages below never reach: their values are written in their modules. */
const noContent = { fetch: () => Promise.reject(new Error('no content is read')) }

describe('the pages the size guard and the HTML checker measure', () => {
  it('include a new page from its module and its table line alone', async () => {
    // A new route module, as docs/guides/adding-a-page.md writes one: the page, and its server half.
    writeFileSync(
      join(routesDir, 'tour.tsx'),
      `export const Page = () => null\nexport const cache = { params: ['leg'] }\n`,
    )
    writeFileSync(
      join(routesDir, 'tour.server.ts'),
      `export const values = { slug: async () => ['europe-2026', 'usa-2026'], leg: async () => ['1', '2'] }\n`,
    )
    const line: RouteEntry = {
      id: 'tour',
      path: 'tour/:slug',
      load: () => import(join(routesDir, 'tour.tsx')),
    }

    const addresses = await siteAddresses(noContent, {
      pages: [line],
      routesDir: pathToFileURL(`${routesDir}/`),
    })

    expect(addresses).toEqual([
      { id: 'tour', template: '/tour/<slug>', url: '/tour/europe-2026', locale: 'en' },
      { id: 'tour', template: '/tour/<slug>?leg=<leg>', url: '/tour/europe-2026?leg=2', locale: 'en' },
      { id: 'tour', template: '/es/tour/<slug>', url: '/es/tour/europe-2026', locale: 'es' },
      { id: 'tour', template: '/es/tour/<slug>?leg=<leg>', url: '/es/tour/europe-2026?leg=2', locale: 'es' },
    ])
  })

  it('cover every line of the route table, the catch-all at an address no page has', async () => {
    const pages = SITE_PAGES.filter((entry) => !entry.path?.includes(':'))
    const addresses = await siteAddresses(noContent, { pages, routesDir: pathToFileURL(`${routesDir}/`) })
    const ids = pages.map(({ id }) => id)
    expect(addresses.map(({ id }) => id)).toEqual([...ids, ...ids])
    expect(addresses.find(({ id }) => id === 'not-found')).toEqual({
      id: 'not-found',
      template: '/no/such/page',
      url: '/no/such/page',
      locale: 'en',
    })
    expect(addresses.at(-1)).toEqual({
      id: 'not-found',
      template: '/es/no/such/page',
      url: '/es/no/such/page',
      locale: 'es',
    })
    expect(addresses.find(({ id, locale }) => id === 'home' && locale === 'es')?.url).toBe('/es')
  })
})
