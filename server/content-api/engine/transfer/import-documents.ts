import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { badRequest, ContentApiError } from '../errors'
import type { ContentStore } from '../store/content-store'
import type { SanityDocument } from '../types'
import { settleImportReferences, type MissingReferences } from './import-references'
import { readNdjson } from './ndjson'

/**
 * Resolves `_sanityAsset` values of an import (Sanity's export format: `"image@file://./images/x.jpg"`,
 * `"file@https://..."`) into asset documents. The assets module implements it: it stores the file, creates or
 * reuses the `sanity.imageAsset` / `sanity.fileAsset` document (committing it through `ContentStore.commit`)
 * and returns that document's id, which the import puts in `asset: {_type: 'reference', _ref}`.
 */
export interface AssetImporter {
  importAsset(request: AssetImportRequest): Promise<{ assetId: string }>
}

export type AssetImportRequest = {
  dataset: string
  kind: 'image' | 'file'
  /** The URL part after `kind@`, e.g. `file://./images/x.jpg` or `https://cdn.example.com/x.jpg`. */
  url: string
  /** Folder that relative `file://./...` URLs are resolved against (the NDJSON file's folder), if any. */
  baseDir?: string
  /** Document and JSON path of the field, for error messages. */
  documentId: string
  path: string
}

export type ImportMode = 'create' | 'replace' | 'missing'

export type ImportOptions = {
  mode?: ImportMode
  assetImporter?: AssetImporter
  baseDir?: string
  author?: string
  /** Strong references to documents in neither the import nor the dataset: refused (default) or weakened. */
  missingReferences?: MissingReferences
}

export type ImportResult = { documents: number; transactions: number; assets: number }

const ASSET_REF = /^(image|file)@(.+)$/

/** Every `_sanityAsset` field of a document, with a setter that swaps it for an asset reference. */
function assetFields(doc: SanityDocument) {
  const found: { path: string; kind: 'image' | 'file'; url: string; holder: Record<string, unknown> }[] = []
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${at}[${i}]`))
    if (!value || typeof value !== 'object') return
    const record = value as Record<string, unknown>
    if (typeof record._sanityAsset === 'string') {
      const match = ASSET_REF.exec(record._sanityAsset)
      if (!match)
        throw badRequest(
          `Document "${doc._id}" has a malformed _sanityAsset at ${at}: ${record._sanityAsset}`,
        )
      found.push({ path: at, kind: match[1] as 'image' | 'file', url: match[2]!, holder: record })
    }
    for (const [key, child] of Object.entries(record)) walk(child, at ? `${at}.${key}` : key)
  }
  walk(doc, '')
  return found
}

/** Everything is checked before anything is written: unique ids, mode "create" conflicts, asset support. */
function checkImport(store: ContentStore, dataset: string, docs: SanityDocument[], options: ImportOptions) {
  const state = store.dataset(dataset)
  const seen = new Set<string>()
  for (const doc of docs) {
    if (seen.has(doc._id)) throw badRequest(`Document "${doc._id}" appears twice in the import`)
    seen.add(doc._id)
    if ((options.mode ?? 'create') === 'create' && state.get(doc._id)) {
      throw new ContentApiError(
        409,
        'conflict',
        `Document "${doc._id}" already exists (import with mode "replace" or "missing")`,
      )
    }
    const assets = assetFields(doc)
    if (assets.length > 0 && !options.assetImporter) {
      throw badRequest(
        `Document "${doc._id}" references an asset (${assets[0]!.path}: ${assets[0]!.kind}@${assets[0]!.url}) but no asset importer is configured`,
      )
    }
  }
}

/** Copies of the documents with every `_sanityAsset` stored and swapped for a reference to its asset document. */
async function withAssetsImported(dataset: string, docs: SanityDocument[], options: ImportOptions) {
  let assets = 0
  const prepared: SanityDocument[] = []
  for (const original of docs) {
    const doc = structuredClone(original)
    for (const field of assetFields(doc)) {
      const { assetId } = await options.assetImporter!.importAsset({
        dataset,
        kind: field.kind,
        url: field.url,
        baseDir: options.baseDir,
        documentId: doc._id,
        path: field.path,
      })
      delete field.holder._sanityAsset
      field.holder.asset = { _type: 'reference', _ref: assetId }
      assets++
    }
    prepared.push(doc)
  }
  return { prepared, assets }
}

/** One group per original revision, keyed so that sorting the keys puts them in time order. */
function revisionGroups(docs: SanityDocument[]): Map<string, SanityDocument[]> {
  const groups = new Map<string, SanityDocument[]>()
  for (const doc of docs) {
    const key = doc._rev && doc._updatedAt ? `${doc._updatedAt}\u0000${doc._rev}` : ''
    groups.set(key, [...(groups.get(key) ?? []), doc])
  }
  return groups
}

/**
 * Imports documents in Sanity's export format. Strong references must resolve within the import or the
 * dataset (import-references.ts), so an import never leaves one dangling. Documents keep `_createdAt` and `_updatedAt`, and documents
 * that arrive with a `_rev` are committed in a transaction of that id (grouped by `_rev`, oldest first), so
 * `_rev` stays equal to a transaction id and an export of the imported dataset is identical to the input.
 * Everything is checked before anything is written; each group is one atomic transaction.
 */
export async function importDocuments(
  store: ContentStore,
  dataset: string,
  docs: SanityDocument[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  checkImport(store, dataset, docs, options)
  const mode = options.mode ?? 'create'
  const settled = settleImportReferences(dataset, store.dataset(dataset), docs, {
    mode,
    missingReferences: options.missingReferences,
  })
  const { prepared, assets } = await withAssetsImported(dataset, settled, options)
  // One transaction per original revision, in time order; documents without one share fresh transactions.
  const groups = revisionGroups(prepared)
  let transactions = 0
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!
    const [updatedAt, rev] = key ? key.split('\u0000') : [undefined, undefined]
    for (let i = 0; i < group.length; i += 500) {
      const batch = group.slice(i, i + 500)
      const transactionId = rev && i === 0 && store.isTransactionIdFree(dataset, rev) ? rev : undefined
      await store.commit(
        dataset,
        {
          author: options.author ?? 'import',
          transactionId,
          timestamp: updatedAt,
          request: { import: batch.length },
        },
        (ws) => {
          for (const doc of batch) {
            if (mode === 'missing' && ws.get(doc._id)) continue
            // The mutator overwrites _rev and _updatedAt in place, so key order (and the exported bytes) survive.
            ws.apply(doc._id, { createOrReplace: doc })
          }
        },
      )
      transactions++
    }
  }
  return { documents: prepared.length, transactions, assets }
}

export async function importNdjsonFile(
  store: ContentStore,
  dataset: string,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const docs = await readNdjson(createReadStream(file))
  return importDocuments(store, dataset, docs, { baseDir: path.dirname(path.resolve(file)), ...options })
}

/**
 * First start: when the dataset has no documents and `<seedDir>/<dataset>.ndjson` exists, import it (assets
 * relative to `seedDir`). Returns null when nothing was imported.
 */
export async function seedIfEmpty(
  store: ContentStore,
  dataset: string,
  seedDir: string,
  assetImporter?: AssetImporter,
): Promise<ImportResult | null> {
  const file = path.join(seedDir, `${dataset}.ndjson`)
  if (store.dataset(dataset).docs.size > 0 || !existsSync(file)) return null
  return importNdjsonFile(store, dataset, file, { assetImporter, author: 'seed' })
}
