import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { AssetService } from '../assets/asset-service'
import type { UploadDetails } from '../assets/asset-types'
import { badRequest, type AssetImporter } from '../engine'

/**
 * content-core's AssetImporter: turns an import's `_sanityAsset` (`image@file://./images/x.jpg`) into an asset
 * document by uploading the file through the normal asset pipeline. Same bytes give the same id, so importing
 * twice, or the same file from many documents, creates one asset.
 */
export function createAssetImporter(options: {
  assets: AssetService
  identity: string
  /** Extra document fields per path relative to the import folder (`images/<file>`), e.g. from assets.json. */
  detailsFor?: (relativePath: string) => UploadDetails | undefined
}): AssetImporter {
  const done = new Map<string, Promise<{ assetId: string }>>()

  async function importOne(
    request: Parameters<AssetImporter['importAsset']>[0],
  ): Promise<{ assetId: string }> {
    const where = `document "${request.documentId}" at ${request.path}`
    // Only files from the import folder: an import must never reach the network or read arbitrary files.
    if (!request.url.startsWith('file://./') || !request.baseDir) {
      throw badRequest(
        `Only file://./ assets relative to the import can be imported (${where}: ${request.url})`,
      )
    }
    const base = path.resolve(request.baseDir)
    const target = path.resolve(base, request.url.slice('file://'.length))
    if (!target.startsWith(base + path.sep)) {
      throw badRequest(`Asset path leaves the import folder (${where}: ${request.url})`)
    }
    let bytes: Buffer
    try {
      bytes = await readFile(target)
    } catch {
      throw badRequest(`Asset file not found (${where}: ${request.url})`)
    }
    const relative = path.relative(base, target).split(path.sep).join('/')
    const details = options.detailsFor?.(relative) ?? { filename: path.basename(target) }
    const document = await options.assets.upload(
      request.kind,
      request.dataset,
      bytes,
      details,
      options.identity,
    )
    return { assetId: document._id }
  }

  return {
    importAsset(request) {
      const key = `${request.dataset}\u0000${request.kind}\u0000${path.resolve(request.baseDir ?? '', request.url)}`
      let pending = done.get(key)
      if (!pending) {
        pending = importOne(request)
        // A failure should not be remembered: a retry after fixing the file must work.
        pending.catch(() => done.delete(key))
        done.set(key, pending)
      }
      return pending
    },
  }
}
