import sharp, { type Metadata } from 'sharp'
import type { ImageMetadata, PaletteSwatch } from './asset-types'

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

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0')

function swatch(r: number, g: number, b: number, population: number): PaletteSwatch {
  // Relative luminance decides whether text on this colour should be light or dark.
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
  const foreground = luminance > 0.55 ? '#000' : '#fff'
  return {
    _type: 'sanity.imagePaletteSwatch',
    background: `#${hex(r)}${hex(g)}${hex(b)}`,
    foreground,
    title: foreground,
    population,
  }
}

/**
 * Dimensions (after EXIF orientation, as Sanity reports them), alpha facts, a 20 px blurred JPEG data URI
 * (`lqip`) and the dominant colour. Throws UnsupportedImageError for anything sharp cannot decode.
 */
export async function readImageFacts(bytes: Buffer): Promise<ImageFacts> {
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
    const [stats, lqipBytes] = await Promise.all([
      image.clone().stats(),
      image
        .clone()
        .resize(20, 20, { fit: 'inside' })
        .flatten({ background: '#ffffff' })
        .blur(0.6)
        .jpeg({ quality: 40 })
        .toBuffer(),
    ])
    const { r, g, b } = stats.dominant
    return {
      ...detected,
      width,
      height,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
        hasAlpha: Boolean(info.hasAlpha),
        isOpaque: stats.isOpaque,
        lqip: `data:image/jpeg;base64,${lqipBytes.toString('base64')}`,
        palette: { _type: 'sanity.imagePalette', dominant: swatch(r, g, b, 1) },
      },
    }
  } catch {
    throw new UnsupportedImageError('The image could not be decoded')
  }
}
