import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageCachePolicy } from './page-cache-policy'
import { SITE_PAGES } from './route-table'
import { createRoutes, routerBasename } from './routes'

const idsOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.id ? [route.id] : []), ...idsOf(route.children ?? [])])

/** A route table line's path at a concrete address: each `:param` filled, the catch-all at a path no page has. */
const addressOf = (path = '') =>
  `/${path
    .split('/')
    .map((segment) => (segment === '*' ? 'no/such/page' : segment.startsWith(':') ? 'x' : segment))
    .join('/')}`.replace(/\/$/, '') || '/'

const leafAt = (locale: 'en' | 'es', pathname: string) =>
  matchRoutes(createRoutes(undefined, locale), pathname, routerBasename(locale))?.at(-1)?.route.id

describe("each language's route table", () => {
  it('has every page of the table once, under /es in Spanish, and the Studio in English only', () => {
    const english = idsOf(createRoutes(undefined, 'en'))
    const spanish = idsOf(createRoutes(undefined, 'es'))
    expect(new Set(english).size).toBe(english.length)
    expect(new Set(spanish).size).toBe(spanish.length)
    for (const { id, path } of SITE_PAGES) {
      const address = addressOf(path)
      expect(leafAt('en', address), address).toBe(id)
      expect(leafAt('es', address === '/' ? '/es' : `/es${address}`), `/es${address}`).toBe(id)
    }
    expect(english).toContain('admin')
    expect(spanish).not.toContain('admin')
    expect(leafAt('es', '/es/admin')).toBe('not-found')
  })

  it('gives a page added to the table its Spanish address with no other line', () => {
    SITE_PAGES.splice(-1, 0, { id: 'tour', path: 'tour/:slug', load: () => import('./routes/not-found') })
    try {
      expect(leafAt('es', '/es/tour/europe')).toBe('tour')
      expect(leafAt('en', '/tour/europe')).toBe('tour')
    } finally {
      SITE_PAGES.splice(
        SITE_PAGES.findIndex(({ id }) => id === 'tour'),
        1,
      )
    }
  })
})

describe('the page cache policy of a Spanish address', () => {
  it("keeps the Spanish spelling of the route's path and its own shared 404s", () => {
    expect(pageCachePolicy('/es/NEWS/')).toMatchObject({ cacheable: true, canonicalPath: '/es/news' })
    expect(pageCachePolicy('/es')).toMatchObject({ cacheable: true, canonicalPath: '/es' })
    expect(pageCachePolicy('/ES/')).toMatchObject({ canonicalPath: '/es' })
    expect(pageCachePolicy('/es/news/some-post')).toMatchObject({
      canonicalPath: '/es/news/some-post',
      notFoundPath: '/es/news/~',
    })
    expect(pageCachePolicy('/es/shows')).toMatchObject({ notFoundPath: '/es/shows?page=~&area=~' })
    expect(pageCachePolicy('/es/no/such/page')).toMatchObject({ notFound: true, notFoundPath: '/es/404' })
    expect(pageCachePolicy('/es/admin')).toMatchObject({ notFound: true, notFoundPath: '/es/404' })
    expect(pageCachePolicy('/es/newsletter/unsubscribe')).toMatchObject({ cacheable: false })
  })

  it('leaves the English addresses as they were', () => {
    expect(pageCachePolicy('/news/some-post')).toMatchObject({ notFoundPath: '/news/~' })
    expect(pageCachePolicy('/no/such/page')).toMatchObject({ notFound: true, notFoundPath: '/404' })
    expect(pageCachePolicy('/admin')).toMatchObject({ cacheable: false })
    expect(pageCachePolicy('/espanol')).toMatchObject({ notFoundPath: '/404' })
  })
})
