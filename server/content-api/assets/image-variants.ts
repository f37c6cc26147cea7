import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, stat, unlink, utimes } from 'node:fs/promises'
import path from 'node:path'
import { writeAtomically, type AssetFiles } from './asset-files'
import type { ImageParams } from './image-params'
import { variantKey } from './image-params'
import { renderVariant, type Output } from './image-transform'
import { createSizeLru } from './size-lru'
import { FairQueue } from '../../fair-queue'

export type VariantResult = { path: string; cached: boolean }

export type VariantLimits = {
  /** Renders at once (each also uses sharp's own threads). */
  concurrency: number
  /**
   * Renders waiting for a slot; past that, the heaviest client's newest waiting render gets FairQueueFullError
   * (429). Room for a fresh page's images at once over
   * HTTP/2 (a gallery of new uploads), which would otherwise be refused on a cold cache.
   */
  maxWaiting: number
  /** Disk the rendered variants may use, in bytes; least recently served ones are deleted past it. */
  cacheBytes: number
}

export const DEFAULT_VARIANT_LIMITS: VariantLimits = {
  concurrency: 2,
  maxWaiting: 50,
  cacheBytes: 512 * 1024 * 1024,
}

/** Every variant already on disk, oldest first, so a restart keeps the cache's order and its cap. */
async function existingVariants(cacheRoot: string): Promise<{ file: string; bytes: number; at: number }[]> {
  const found: { file: string; bytes: number; at: number }[] = []
  const datasets = await readdir(cacheRoot).catch(() => [] as string[])
  for (const dataset of datasets) {
    const cache = path.join(cacheRoot, dataset, 'cache')
    for (const image of await readdir(cache).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(cache, image)).catch(() => [] as string[])) {
        if (name.endsWith('.tmp')) continue
        const file = path.join(cache, image, name)
        const info = await stat(file).catch(() => null)
        if (info?.isFile()) found.push({ file, bytes: info.size, at: info.mtimeMs })
      }
    }
  }
  return found.sort((a, b) => a.at - b.at)
}

/**
 * Rendered variants on disk, keyed by the normalized parameters and output format. Concurrent requests for
 * the same variant share one render; renders go through a bounded queue shared fairly per client (the
 * least-served client's render starts first, one client never holds every slot, the last slot is kept for
 * clients that have not kept the renderer busy: `server/fair-queue.ts`, ADR 080), and the cache has a size cap
 * with least-recently-used eviction (ADR 085).
 */
export function createImageVariants(files: AssetFiles, limits: VariantLimits = DEFAULT_VARIANT_LIMITS) {
  const inFlight = new Map<string, Promise<string>>()
  const queue = new FairQueue({
    slots: limits.concurrency,
    reserved: 1,
    perClientRunning: Math.max(1, limits.concurrency - 1),
    maxWaiting: limits.maxWaiting,
  })
  const lru = createSizeLru(limits.cacheBytes)
  const loaded = existingVariants(files.root).then((found) => {
    for (const { file, bytes } of found) evict(lru.add(file, bytes))
  })

  function evict(paths: string[]) {
    for (const file of paths) void unlink(file).catch(() => {})
  }

  return {
    /** The variant's file, rendered first if needed in `client`'s turn (its address or /64: `rateLimitKey`). */
    async get(
      dataset: string,
      name: string,
      params: ImageParams,
      output: Output,
      client = 'local',
    ): Promise<VariantResult> {
      await loaded
      const key = createHash('sha1')
        .update(variantKey(params, `${output.encoding}${output.progressive ? 'p' : ''}`))
        .digest('hex')
      const target = files.variantPath(dataset, name, `${key}.${output.encoding}`)
      if (lru.touch(target) && existsSync(target)) {
        // The file's time is its place in line after a restart.
        const now = new Date()
        void utimes(target, now, now).catch(() => {})
        return { path: target, cached: true }
      }
      let pending = inFlight.get(target)
      if (!pending) {
        pending = queue
          .run(client, async () => {
            const bytes = await renderVariant(files.imagePath(dataset, name), params, output)
            await writeAtomically(target, bytes)
            evict(lru.add(target, bytes.length))
            return target
          })
          .finally(() => inFlight.delete(target))
        inFlight.set(target, pending)
      }
      return { path: await pending, cached: false }
    },
    /** For tests and the log: what the cache and the queue hold now. */
    stats: () => ({
      cacheBytes: lru.totalBytes,
      variants: lru.size,
      running: queue.running,
      waiting: queue.waiting,
    }),
  }
}
