import sharp, { type Metadata } from 'sharp'
import type { ImageMetadata, MetadataPart } from './asset-types'
import { blurHashComponents, encodeBlurHash, type Pixels } from './blurhash'
import { geopointOf, readExif } from './exif-reader'
import { imagePalette } from './image-palette'
import { DEFAULT_METADATA } from './metadata-options'

/** sharp format name -> file extension and MIME type Sanity uses. */
const FORMATS: Record<string, { extension: string; mimeType: string }> = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
  gif: { extension: 'gif', mimeType: 'image/gif' },
  svg: { extension: 'svg', mimeType: 'image/svg+xml' },
  tiff: { extension: 'tif', mimeType: 'image/tiff' },
  avif: { extension: 'avif', mimeType: 'image/avif' },
  heif: { extension: 'heif', mimeType: 'image/heif' },
}

export class UnsupportedImageError extends Error {
  constructor(message = 'The upload is not an image in a supported format') {
    super(message)
    this.name = 'UnsupportedImageError'
  }
}

/** Images larger than this many pixels are refused at upload (decompression bombs). */
export const MAX_INPUT_PIXELS = 100_000_000

export type ImageFacts = {
  extension: string
  mimeType: string
  width: number
  height: number
  metadata: ImageMetadata
}

/**
 * Dimensions (after EXIF orientation, as Sanity reports them) and alpha facts always; of the optional parts
 * (`parts`, Sanity's defaults when absent) a 20 px blurred JPEG data URI (`lqip`), the `blurHash` and the
 * seven-swatch `palette`, all from one copy of at most SAMPLE_SIZE px a side that sharp makes off the event
 * loop; BlurHash and palette are then under a millisecond of JavaScript. `image`, `exif` and `location` come
 * from the file's EXIF block when asked for and present. Throws UnsupportedImageError for anything sharp
 * cannot decode.
 */
export async function readImageFacts(
  bytes: Buffer,
  parts: ReadonlySet<MetadataPart> = DEFAULT_METADATA,
): Promise<ImageFacts> {
  let info: Metadata
  try {
    info = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw new UnsupportedImageError()
  }
  const detected =
    FORMATS[info.format === 'heif' && info.compression === 'av1' ? 'avif' : (info.format ?? '')]
  if (!detected || !info.width || !info.height) throw new UnsupportedImageError()
  if (info.width * info.height > MAX_INPUT_PIXELS)
    throw new UnsupportedImageError('The image has too many pixels')
  const rotated = (info.orientation ?? 1) >= 5
  const width = rotated ? info.height : info.width
  const height = rotated ? info.width : info.height

  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
    // One decode serves every part (and refuses corrupt pixel data even when nothing optional is asked for):
    // a small sample, which JPEG shrink-on-load makes cheap. Only images with an alpha channel need a full
    // pass, to tell whether they are opaque.
    const [sample, stats] = await Promise.all([
      image
        .clone()
        .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
      info.hasAlpha ? image.clone().stats() : undefined,
    ])
    const pixels: Pixels = {
      data: sample.data,
      width: sample.info.width,
      height: sample.info.height,
      channels: sample.info.channels,
    }
    const lqipBytes = parts.has('lqip')
      ? await sharp(sample.data, { raw: sample.info })
          .resize(20, 20, { fit: 'inside' })
          .flatten({ background: '#ffffff' })
          .blur(0.6)
          .jpeg({ quality: 40 })
          .toBuffer()
      : undefined
    const metadata: ImageMetadata = {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
      hasAlpha: Boolean(info.hasAlpha),
      isOpaque: stats ? stats.isOpaque : true,
    }
    if (lqipBytes) metadata.lqip = `data:image/jpeg;base64,${lqipBytes.toString('base64')}`
    if (parts.has('blurhash')) {
      const { x, y } = blurHashComponents(width, height)
      metadata.blurHash = encodeBlurHash(onWhite(pixels), x, y)
    }
    if (parts.has('palette')) metadata.palette = imagePalette(pixels)
    Object.assign(metadata, exifMetadata(info.exif, parts))
    return { ...detected, width, height, metadata }
  } catch {
    throw new UnsupportedImageError('The image could not be decoded')
  }
}

/** The `image` and `exif` tags and the `location` an upload asks for, when the file has them. */
function exifMetadata(block: Buffer | undefined, parts: ReadonlySet<MetadataPart>): Partial<ImageMetadata> {
  if (!parts.has('exif') && !parts.has('image') && !parts.has('location')) return {}
  const facts = readExif(block)
  if (!facts) return {}
  const found: Partial<ImageMetadata> = {}
  if (parts.has('image') && Object.keys(facts.image).length > 0) {
    found.image = { _type: 'sanity.imageExifTags', ...facts.image }
  }
  if (parts.has('exif') && Object.keys(facts.exif).length > 0) {
    found.exif = { _type: 'sanity.imageExifMetadata', ...facts.exif }
  }
  const location = parts.has('location') ? geopointOf(facts.gps) : undefined
  if (location) found.location = location
  return found
}

/** BlurHash and palette work on this many pixels a side at most: under a millisecond of JavaScript each. */
export const SAMPLE_SIZE = 64

/** The sample composited over white, as the lqip is, so transparent areas do not turn the hash black. */
function onWhite(pixels: Pixels): Pixels {
  if (pixels.channels !== 4) return pixels
  const out = new Uint8Array(pixels.width * pixels.height * 3)
  for (let p = 0; p < pixels.width * pixels.height; p++) {
    const alpha = pixels.data[p * 4 + 3]! / 255
    for (let c = 0; c < 3; c++) {
      out[p * 3 + c] = Math.round(pixels.data[p * 4 + c]! * alpha + 255 * (1 - alpha))
    }
  }
  return { data: out, width: pixels.width, height: pixels.height, channels: 3 }
}
