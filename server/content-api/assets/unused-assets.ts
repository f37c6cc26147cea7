import { existsSync, readdirSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { ContentStore, SanityDocument } from '../engine'
import type { AssetFiles } from './asset-files'

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])

export type UnusedAsset = {
  /** The asset document's id, or null for bytes on disk that no asset document describes. */
  id: string | null
  kind: 'images' | 'files'
  /** The file name under `DATA_DIR/assets/<dataset>/<kind>/`. */
  file: string
  bytes: number
  originalFilename?: string
}

/** Every `_ref` anywhere in a document: references, image and file fields, references inside Portable Text. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === '_ref' && typeof field === 'string') into.add(field)
      else collectRefs(field, into)
    }
  }
}

/** `images/local/production/<file>` -> `<file>`. */
function fileNameOf(asset: SanityDocument): string | null {
  const assetPath = typeof asset.path === 'string' ? asset.path : null
  return assetPath ? path.posix.basename(assetPath) : null
}

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0
}

/**
 * The assets of a dataset that nothing uses: asset documents no document references in any version (published,
 * draft or release), and files on disk with no asset document at all (left by an interrupted upload or an
 * import). Old revisions in the history are not counted: restoring one after a clean-up shows a missing image.
 */
export function findUnusedAssets(store: ContentStore, files: AssetFiles, dataset: string): UnusedAsset[] {
  const documents = [...store.dataset(dataset).docs.values()]
  const referenced = new Set<string>()
  for (const doc of documents) if (!ASSET_TYPES.has(doc._type)) collectRefs(doc, referenced)

  const unused: UnusedAsset[] = []
  const described = new Set<string>()
  for (const asset of documents) {
    if (!ASSET_TYPES.has(asset._type)) continue
    const kind = asset._type === 'sanity.imageAsset' ? 'images' : 'files'
    const file = fileNameOf(asset)
    if (file) described.add(`${kind}/${file}`)
    if (referenced.has(asset._id) || !file) continue
    const onDisk = path.join(files.folder(dataset, kind), file)
    unused.push({
      id: asset._id,
      kind,
      file,
      bytes: sizeOf(onDisk),
      ...(typeof asset.originalFilename === 'string' ? { originalFilename: asset.originalFilename } : {}),
    })
  }

  for (const kind of ['images', 'files'] as const) {
    const folder = files.folder(dataset, kind)
    if (!existsSync(folder)) continue
    for (const file of readdirSync(folder)) {
      if (described.has(`${kind}/${file}`) || file.endsWith('.tmp')) continue
      unused.push({ id: null, kind, file, bytes: sizeOf(path.join(folder, file)) })
    }
  }
  return unused.sort((a, b) => a.kind.localeCompare(b.kind) || a.file.localeCompare(b.file))
}

/**
 * Deletes unused assets: their documents in one transaction (so listeners and the history see it), then their
 * bytes and rendered variants. A document that gained a reference since `findUnusedAssets` ran is kept, and so
 * are its bytes.
 */
export async function deleteUnusedAssets(
  store: ContentStore,
  files: AssetFiles,
  dataset: string,
  unused: UnusedAsset[],
  author: string,
): Promise<{ documents: number; files: number; bytes: number }> {
  const stillUnused = new Set(findUnusedAssets(store, files, dataset).map((a) => `${a.kind}/${a.file}`))
  const doomed = unused.filter((asset) => stillUnused.has(`${asset.kind}/${asset.file}`))
  const ids = doomed.flatMap((asset) => (asset.id ? [asset.id] : []))
  if (ids.length > 0) {
    await store.commit(dataset, { author, request: { deleteUnusedAssets: ids } }, (ws) => {
      for (const id of ids) ws.apply(id, { delete: { id } })
    })
  }
  for (const asset of doomed) {
    await rm(path.join(files.folder(dataset, asset.kind), asset.file), { force: true })
    // Rendered variants live in cache/<file>/ (images only; the folder is simply absent for files).
    await rm(path.join(files.folder(dataset, 'cache'), asset.file), { recursive: true, force: true })
  }
  return {
    documents: ids.length,
    files: doomed.length,
    bytes: doomed.reduce((sum, asset) => sum + asset.bytes, 0),
  }
}
