import EventSource from '@sanity/eventsource'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { tourDatesQueryOptions } from '../../web/src/features/events/api/get-tour-dates'
import { siteSettingsQueryOptions } from '../../web/src/features/site/api/get-site-settings'
import { createContentClient } from '../../web/src/lib/content-client'
import { followPublishes } from '../../web/src/lib/live-updates'
import { startTestContentServer, type TestContentServer } from '../content-api/testing/test-server'

/**
 * The site's live client against the real content API (ADR 140): the site's own query options record the sync
 * tags of their answers, and the Live Content API's messages refetch exactly the queries a publish can change.
 * EventSource is the browser's; here the same protocol from @sanity/eventsource.
 */
let t: TestContentServer
const fetched: string[] = []

beforeAll(async () => {
  globalThis.EventSource ??= EventSource as unknown as typeof globalThis.EventSource
  t = await startTestContentServer()
  await t.client('admin').createOrReplace({
    _id: 'siteSettings',
    _type: 'siteSettings',
    tagline: { _type: 'localeString', en: 'Old tagline' },
  })
  await t.client('admin').createOrReplace({ _id: 'e1', _type: 'event', startsAt: '2025-10-01T20:00:00Z' })
})
afterAll(() => t.close())

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
}

describe('open tabs follow publishes', () => {
  it('refetches the queries whose sync tags a publish fires, and no other', async () => {
    const content = { ...contentConfigFor({ dataset: 'production' }), apiUrl: t.apiHost }
    const client = createContentClient({
      ...content,
      fetch: (input, init) => {
        fetched.push(
          new URL(String(input)).searchParams.get('query')!.includes('siteSettings') ? 'settings' : 'other',
        )
        return fetch(input, init)
      },
    })
    const queryClient = new QueryClient()
    const settings = new QueryObserver(queryClient, siteSettingsQueryOptions(client, 'en'))
    const tours = new QueryObserver(queryClient, tourDatesQueryOptions(client, new Date()))
    const stops = [settings.subscribe(() => {}), tours.subscribe(() => {})]
    await until(() => settings.getCurrentResult().isSuccess && tours.getCurrentResult().isSuccess)
    const live = followPublishes(queryClient, content)
    await live.ready
    fetched.length = 0

    await t.client('admin').createOrReplace({ _id: 'note-1', _type: 'bandNote', text: 'not on the site' })
    await new Promise((r) => setTimeout(r, 500))
    expect(fetched).toEqual([])

    await t.client('admin').patch('siteSettings').set({ 'tagline.en': 'New tagline' }).commit()
    await until(() => settings.getCurrentResult().data?.tagline === 'New tagline')
    await new Promise((r) => setTimeout(r, 200))
    live.close()
    stops.forEach((stop) => stop())
    expect(settings.getCurrentResult().data?.tagline).toBe('New tagline')
    expect(fetched).toEqual(['settings'])
  })
})
