import { QueryClient } from '@tanstack/react-query'
import { matchRoutes as reactRouterMatch } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createRoutes } from './routes'
import { matchRoutes } from '../lib/router'

// The server runs loaders through React Router's static handler and draws the page with this matcher: both
// must pick the same routes for every address.
const table = createRoutes({
  queryClient: new QueryClient(),
  contentClient: { fetch: () => Promise.reject(new Error('no content in this test')) },
})

const paths = [
  '/',
  '/news',
  '/news/',
  '/NEWS',
  '/news/a-post',
  '/news/a%20post',
  '/news/a-post/extra',
  '/shows/past',
  '/shows/berlin-2026',
  '/shows',
  '/newsletter/confirmed',
  '/newsletter/unsubscribe',
  '/newsletter/unsubscribed',
  '/admin',
  '/admin/',
  '/admin/desk/news',
  '/nope',
  '/a/b/c',
]

describe('matchRoutes', () => {
  it.each(paths)('picks the same routes as React Router for %s', (path) => {
    const ours = matchRoutes(table, path)
    const theirs = reactRouterMatch(table, path)
    expect(ours?.map((match) => match.route)).toEqual(theirs?.map((match) => match.route))
    expect(ours?.at(-1)?.params).toEqual(theirs?.at(-1)?.params)
  })

  it('returns null when nothing matches', () => {
    expect(matchRoutes([{ path: 'only' }], '/other')).toBeNull()
  })
})
