import { createHash } from 'node:crypto'
import type { AssetFiles } from './asset-files'
import type { AssetDocument, AssetDocumentStore, AssetKind, UploadDetails } from './asset-types'
import { bareMimeType, extensionFor, extensionOf, mimeTypeFor, OCTET_STREAM } from './file-types'
import { readImageFacts } from './image-metadata'

export class EmptyUploadError extends Error {
  constructor() {
    super('The upload is empty')
    this.name = 'EmptyUploadError'
  }
}

export type AssetServiceOptions = {
  files: AssetFiles
  documents: AssetDocumentStore
  projectId: string
  /** Prefix of asset `url`s: `https://site.example/content`, or `/content` when the public origin is unknown. */
  publicBase: string
}

export type AssetService = ReturnType<typeof createAssetService>

function optional(details: UploadDetails): Partial<AssetDocument> {
  const picked: Partial<AssetDocument> = {}
  for (const key of ['label', 'title', 'description', 'creditLine'] as const) {
    if (details[key]) picked[key] = details[key]
  }
  if (details.source) picked.source = details.source
  if (details.filename) picked.originalFilename = details.filename
  return picked
}

/**
 * Uploads: hash the bytes, describe them, store them under their hash and create the asset document with
 * Sanity's id scheme (`image-<sha1>-<W>x<H>-<ext>`, `file-<sha1>-<ext>`). The same bytes always give the same
 * id, so a second upload returns the existing document (with its original metadata), as Sanity does.
 */
export function createAssetService({ files, documents, projectId, publicBase }: AssetServiceOptions) {
  /** What tells an image from a file: its folder, document type, name, id and the facts read from the bytes. */
  type Described = {
    folder: 'images' | 'files'
    type: 'sanity.imageAsset' | 'sanity.fileAsset'
    name: string
    id: string
    facts: Pick<AssetDocument, 'extension' | 'mimeType' | 'metadata'>
  }

  async function describe(
    kind: AssetKind,
    bytes: Buffer,
    sha1: string,
    details: UploadDetails,
  ): Promise<Described> {
    if (kind === 'image') {
      const { width, height, extension, mimeType, metadata } = await readImageFacts(bytes, details.metadata)
      return {
        folder: 'images',
        type: 'sanity.imageAsset',
        name: `${sha1}-${width}x${height}.${extension}`,
        id: `image-${sha1}-${width}x${height}-${extension}`,
        facts: { extension, mimeType, metadata },
      }
    }
    const declared = bareMimeType(details.contentType)
    const extension =
      extensionOf(details.filename) ?? (declared ? extensionFor(declared) : undefined) ?? 'bin'
    const mimeType = declared && declared !== OCTET_STREAM ? declared : mimeTypeFor(extension)
    return {
      folder: 'files',
      type: 'sanity.fileAsset',
      name: `${sha1}.${extension}`,
      id: `file-${sha1}-${extension}`,
      facts: { extension, mimeType },
    }
  }

  async function upload(
    kind: AssetKind,
    dataset: string,
    bytes: Buffer,
    details: UploadDetails,
    identity: string,
  ): Promise<AssetDocument> {
    if (bytes.length === 0) throw new EmptyUploadError()
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const { folder, type, name, id, facts } = await describe(kind, bytes, sha1, details)
    await files.store(
      folder === 'images' ? files.imagePath(dataset, name) : files.filePath(dataset, name),
      bytes,
    )
    const existing = await documents.getDocument(dataset, id)
    if (existing) return existing
    return documents.createIfNotExists(
      dataset,
      {
        _id: id,
        _type: type,
        assetId: sha1,
        sha1hash: sha1,
        extension: facts.extension,
        mimeType: facts.mimeType,
        size: bytes.length,
        path: `${folder}/${projectId}/${dataset}/${name}`,
        url: `${publicBase}/${folder}/${projectId}/${dataset}/${name}`,
        ...(facts.metadata ? { metadata: facts.metadata } : {}),
        ...optional(details),
      },
      identity,
    )
  }

  return { upload }
}
