/** The asset documents Sanity stores (`sanity.imageAsset` / `sanity.fileAsset`), as far as we fill them. */
export type ImageMetadata = {
  _type: 'sanity.imageMetadata'
  dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number }
  hasAlpha: boolean
  isOpaque: boolean
  lqip?: string
  blurHash?: string
  palette?: ImagePalette
  /** EXIF tags of the main IFD (`meta=image`), of the Exif IFD (`meta=exif`), GPS position (`meta=location`). */
  image?: { _type: 'sanity.imageExifTags'; [tag: string]: unknown }
  exif?: { _type: 'sanity.imageExifMetadata'; [tag: string]: unknown }
  location?: { _type: 'geopoint'; lat: number; lng: number; alt?: number }
}

export type ImagePalette = {
  _type: 'sanity.imagePalette'
  dominant: PaletteSwatch
  vibrant: PaletteSwatch
  darkVibrant: PaletteSwatch
  lightVibrant: PaletteSwatch
  muted: PaletteSwatch
  darkMuted: PaletteSwatch
  lightMuted: PaletteSwatch
}

export type PaletteSwatch = {
  _type: 'sanity.imagePaletteSwatch'
  background: string
  foreground: string
  title: string
  population: number
}

export type AssetKind = 'image' | 'file'

export type AssetDocument = {
  _id: string
  _type: 'sanity.imageAsset' | 'sanity.fileAsset'
  assetId: string
  sha1hash: string
  extension: string
  mimeType: string
  size: number
  originalFilename?: string
  path: string
  url: string
  metadata?: ImageMetadata
  label?: string
  title?: string
  description?: string
  creditLine?: string
  source?: { id: string; name: string; url?: string }
  [key: string]: unknown
}

/** What an uploader can say about a file (the query parameters of Sanity's upload endpoint). */
export type UploadDetails = {
  filename?: string
  contentType?: string
  label?: string
  title?: string
  description?: string
  creditLine?: string
  source?: { id: string; name: string; url?: string }
  /** Which optional image metadata to extract (the upload's `meta` parameter); Sanity's defaults when absent. */
  metadata?: ReadonlySet<MetadataPart>
}

/** The optional metadata parts an upload can ask for (`@sanity/client`'s `extract`, sent as `meta`). */
export type MetadataPart = 'blurhash' | 'lqip' | 'palette' | 'exif' | 'image' | 'location' | 'thumbhash'

/**
 * Where asset documents live: content-core's store. Creating one is a transaction (so queries and listeners
 * see it, like in Sanity); `identity` is recorded as the author.
 */
export type AssetDocumentStore = {
  getDocument(dataset: string, id: string): AssetDocument | null | Promise<AssetDocument | null>
  createIfNotExists(dataset: string, document: AssetDocument, identity: string): Promise<AssetDocument>
}
