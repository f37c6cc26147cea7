import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { contentConfigFor } from '../config/public-config'
import { invalidateByTags, liveEventsUrl } from './live-updates'
import { syncTagsOf } from './sync-tags'

describe('liveEventsUrl', () => {
  it('is the embedded API on the same origin, or the Sanity project API host (the API CDN has no live events)', () => {
    expect(liveEventsUrl(contentConfigFor({ dataset: 'production' }))).toBe(
      '/content/v2025-02-19/data/live/events/production',
    )
    expect(liveEventsUrl(contentConfigFor({ sanityProjectId: 'abc123', dataset: 'production' }))).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/live/events/production',
    )
  })
})

describe('invalidateByTags', () => {
  it('invalidates the content queries that read a fired tag or whose tags are unknown, and no other', async () => {
    const queryClient = new QueryClient()
    const keys = [
      ['content', 'a'],
      ['content', 'b'],
      ['content', 'unknown'],
      ['content', 'untagged'],
      ['other'],
    ]
    for (const key of keys) queryClient.setQueryData(key, 1)
    const registry = syncTagsOf(queryClient)
    registry.set(JSON.stringify(['content', 'a']), ['s1:a', 's1:shared'])
    registry.set(JSON.stringify(['content', 'b']), ['s1:b'])
    registry.set(JSON.stringify(['content', 'untagged']), null)
    await invalidateByTags(queryClient, ['s1:shared'])
    const invalid = (key: string[]) => queryClient.getQueryState(key)!.isInvalidated
    expect(keys.map(invalid)).toEqual([true, false, true, true, false])
    await invalidateByTags(queryClient)
    expect(invalid(['content', 'b'])).toBe(true)
    expect(invalid(['other'])).toBe(false)
  })
})
