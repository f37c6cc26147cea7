import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { writeAtomically, type AssetFiles } from './asset-files'
import type { ImageParams } from './image-params'
import { variantKey } from './image-params'
import { renderVariant, type Output } from './image-transform'

export type VariantResult = { path: string; cached: boolean }

/**
 * Rendered variants on disk, keyed by the normalized parameters and output format. Concurrent requests for
 * the same variant share one render.
 */
export function createImageVariants(files: AssetFiles) {
  const inFlight = new Map<string, Promise<string>>()

  return {
    async get(dataset: string, name: string, params: ImageParams, output: Output): Promise<VariantResult> {
      const key = createHash('sha1')
        .update(variantKey(params, `${output.encoding}${output.progressive ? 'p' : ''}`))
        .digest('hex')
      const target = files.variantPath(dataset, name, `${key}.${output.encoding}`)
      if (existsSync(target)) return { path: target, cached: true }
      let pending = inFlight.get(target)
      if (!pending) {
        pending = (async () => {
          const bytes = await renderVariant(files.imagePath(dataset, name), params, output)
          await writeAtomically(target, bytes)
          return target
        })().finally(() => inFlight.delete(target))
        inFlight.set(target, pending)
      }
      return { path: await pending, cached: false }
    },
  }
}
