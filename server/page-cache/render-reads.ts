import type { ContentClient } from '../../web/src/lib/content-client'

/**
 * One render's reads (ADR 140): the content client it reads through, and afterwards the sync tags of everything
 * it read, so the page cache drops the page only when one of them fires. Undefined when any read did not report
 * tags (a failed read, an API without sync tags): such a page goes with every change.
 */
export function recordRenderReads(client: ContentClient): {
  client: ContentClient
  syncTags: () => string[] | undefined
} {
  const tags = new Set<string>()
  let started = 0
  let tagged = 0
  return {
    client: {
      fetch: (query, params, options) => {
        started++
        return client.fetch(query, params, {
          ...options,
          onSyncTags: (syncTags) => {
            if (syncTags) {
              tagged++
              for (const tag of syncTags) tags.add(tag)
            }
            options?.onSyncTags?.(syncTags)
          },
        })
      },
    },
    syncTags: () => (tagged === started ? [...tags].sort() : undefined),
  }
}
