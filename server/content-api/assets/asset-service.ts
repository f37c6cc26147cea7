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
  async function upload(
    kind: AssetKind,
    dataset: string,
    bytes: Buffer,
    details: UploadDetails,
    identity: string,
  ): Promise<AssetDocument> {
    if (bytes.length === 0) throw new EmptyUploadError()
    const sha1 = createHash('sha1').update(bytes).digest('hex')

    if (kind === 'image') {
      const facts = await readImageFacts(bytes, details.metadata)
      const name = `${sha1}-${facts.width}x${facts.height}.${facts.extension}`
      const id = `image-${sha1}-${facts.width}x${facts.height}-${facts.extension}`
      await files.store(files.imagePath(dataset, name), bytes)
      const existing = await documents.getDocument(dataset, id)
      if (existing) return existing
      return documents.createIfNotExists(
        dataset,
        {
          _id: id,
          _type: 'sanity.imageAsset',
          assetId: sha1,
          sha1hash: sha1,
          extension: facts.extension,
          mimeType: facts.mimeType,
          size: bytes.length,
          path: `images/${projectId}/${dataset}/${name}`,
          url: `${publicBase}/images/${projectId}/${dataset}/${name}`,
          metadata: facts.metadata,
          ...optional(details),
        },
        identity,
      )
    }

    const declared = bareMimeType(details.contentType)
    const extension =
      extensionOf(details.filename) ?? (declared ? extensionFor(declared) : undefined) ?? 'bin'
    const mimeType = declared && declared !== OCTET_STREAM ? declared : mimeTypeFor(extension)
    const name = `${sha1}.${extension}`
    const id = `file-${sha1}-${extension}`
    await files.store(files.filePath(dataset, name), bytes)
    const existing = await documents.getDocument(dataset, id)
    if (existing) return existing
    return documents.createIfNotExists(
      dataset,
      {
        _id: id,
        _type: 'sanity.fileAsset',
        assetId: sha1,
        sha1hash: sha1,
        extension,
        mimeType,
        size: bytes.length,
        path: `files/${projectId}/${dataset}/${name}`,
        url: `${publicBase}/files/${projectId}/${dataset}/${name}`,
        ...optional(details),
      },
      identity,
    )
  }

  return { upload }
}
