import { createHash } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { FILE_FILE, IMAGE_FILE, type AssetFiles } from '../assets/asset-files'
import type { AssetService } from '../assets/asset-service'
import type { AssetDocument } from '../assets/asset-types'
import {
  ContentApiError,
  exportDocuments,
  importDocuments,
  readNdjson,
  toNdjson,
  type ImportMode,
  type ImportResult,
  type MissingReferences,
  type ContentStore,
  type SanityDocument,
} from '../engine'
import { createAssetImporter } from './asset-importer'
import { toSanityAssets } from './sanity-asset-refs'

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])

export class DatasetImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DatasetImportError'
  }
}

export const isArchive = (file: string) => /\.(tar\.gz|tgz)$/i.test(file)

/**
 * `sanity dataset export` layout: `<dataset>-export/data.ndjson` (documents, asset references written as
 * `_sanityAsset: "image@file://./images/<file>"`), `images/`, `files/`, and `assets.json` (the asset documents
 * by file, with their revisions, so a round trip is exact). A `.ndjson` target gets the documents only.
 */
export async function exportDataset(options: {
  store: ContentStore
  files: AssetFiles
  dataset: string
  file: string
}): Promise<{ documents: number; assets: number }> {
  const { store, files, dataset } = options
  const documents = exportDocuments(store, dataset)
  await mkdir(path.dirname(path.resolve(options.file)), { recursive: true })
  if (!isArchive(options.file)) {
    await writeFile(options.file, toNdjson(documents))
    return { documents: documents.length, assets: 0 }
  }

  const work = await mkdtemp(path.join(os.tmpdir(), 'dataset-export-'))
  try {
    const top = `${dataset}-export`
    const root = path.join(work, top)
    await mkdir(path.join(root, 'images'), { recursive: true })
    await mkdir(path.join(root, 'files'), { recursive: true })
    const assetFileById = new Map<string, string>()
    const assetsJson: Record<string, SanityDocument> = {}
    for (const doc of documents.filter((d) => ASSET_TYPES.has(d._type))) {
      const asset = doc as AssetDocument
      const name = path.posix.basename(String(asset.path ?? ''))
      const image = asset._type === 'sanity.imageAsset'
      const source = image ? files.imagePath(dataset, name) : files.filePath(dataset, name)
      if (!name || !existsSync(source)) continue
      const relative = `${image ? 'images' : 'files'}/${name}`
      await copyFile(source, path.join(root, relative))
      assetFileById.set(asset._id, relative)
      assetsJson[relative] = doc
    }
    const content = documents
      .filter((d) => !assetFileById.has(d._id))
      .map((doc) => toSanityAssets(doc, (id) => assetFileById.get(id) ?? null))
    await writeFile(path.join(root, 'data.ndjson'), toNdjson(content))
    await writeFile(path.join(root, 'assets.json'), JSON.stringify(assetsJson, null, 2) + '\n')
    await tar.c({ gzip: true, file: options.file, cwd: work, portable: true }, [top])
    return { documents: content.length, assets: assetFileById.size }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The folder holding data.ndjson in an unpacked archive (at the top, or one level down as Sanity packs it). */
async function findDataFolder(root: string): Promise<string> {
  if (existsSync(path.join(root, 'data.ndjson'))) return root
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(root, entry.name, 'data.ndjson'))) {
      return path.join(root, entry.name)
    }
  }
  throw new DatasetImportError('The archive has no data.ndjson')
}

/** Puts an archived asset's bytes back in the asset store, checking they are what the file name promises. */
async function restoreAssetBytes(files: AssetFiles, dataset: string, dataDir: string, relative: string) {
  const [folder, name = ''] = relative.split('/')
  const match = folder === 'images' ? IMAGE_FILE.exec(name) : folder === 'files' ? FILE_FILE.exec(name) : null
  if (!match) throw new DatasetImportError(`Unexpected asset path in assets.json: ${relative}`)
  const bytes = await readFile(path.join(dataDir, folder!, name))
  if (createHash('sha1').update(bytes).digest('hex') !== match[1]) {
    throw new DatasetImportError(`Asset ${relative} does not match its hash`)
  }
  await files.store(
    folder === 'images' ? files.imagePath(dataset, name) : files.filePath(dataset, name),
    bytes,
  )
}

/**
 * Imports an NDJSON file (asset paths relative to it, like the seed) or an export archive. Modes as content-core's
 * import: `create` fails on existing documents before writing anything, `replace` overwrites, `missing` skips.
 */
export async function importDataset(options: {
  store: ContentStore
  assets: AssetService
  files: AssetFiles
  dataset: string
  file: string
  mode?: ImportMode
  identity: string
  missingReferences?: MissingReferences
}): Promise<ImportResult> {
  const { store, dataset } = options
  const mode = options.mode ?? 'create'
  store.dataset(dataset)
  const work = isArchive(options.file) ? await mkdtemp(path.join(os.tmpdir(), 'dataset-import-')) : null
  try {
    let baseDir = path.dirname(path.resolve(options.file))
    let dataFile = options.file
    let assetsJson: Record<string, SanityDocument> = {}
    if (work) {
      // tar strips absolute paths and `..` by default, so an archive cannot write outside `work`.
      await tar.x({ file: options.file, cwd: work })
      baseDir = await findDataFolder(work)
      dataFile = path.join(baseDir, 'data.ndjson')
      if (existsSync(path.join(baseDir, 'assets.json'))) {
        assetsJson = JSON.parse(await readFile(path.join(baseDir, 'assets.json'), 'utf8'))
      }
    }
    const docs = await readNdjson(createReadStream(dataFile))
    if (mode === 'create') {
      const state = store.dataset(dataset)
      const existing = docs.filter((doc) => state.get(doc._id)).map((doc) => doc._id)
      if (existing.length > 0) {
        throw new ContentApiError(
          409,
          'conflict',
          `${existing.length} document(s) already exist (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', ...' : ''}); import with --replace or --missing`,
        )
      }
    }

    // Archived assets first, as the documents they were (revisions included); an identical asset already
    // present is the same bytes under the same id, so it is kept rather than reported as a conflict.
    const assetDocs: SanityDocument[] = []
    // Entries that are not our asset documents (other tools' metadata) are skipped: the files they describe
    // are uploaded anyway when data.ndjson references them.
    for (const [relative, doc] of Object.entries(assetsJson)) {
      if (!doc || typeof doc._id !== 'string' || !ASSET_TYPES.has(doc._type)) continue
      await restoreAssetBytes(options.files, dataset, baseDir, relative)
      assetDocs.push(doc)
    }
    const assetResult = await importDocuments(store, dataset, assetDocs, {
      mode: mode === 'replace' ? 'replace' : 'missing',
      author: options.identity,
    })

    const result = await importDocuments(store, dataset, docs, {
      mode,
      missingReferences: options.missingReferences,
      baseDir,
      author: options.identity,
      assetImporter: createAssetImporter({ assets: options.assets, identity: options.identity }),
    })
    return { ...result, assets: result.assets + assetResult.documents }
  } finally {
    if (work) await rm(work, { recursive: true, force: true })
  }
}
