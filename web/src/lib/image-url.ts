/**
 * Image URLs for Sanity image assets, from the embedded content API (`/content/images/local/...`) or Sanity's
 * CDN, with Sanity's image parameters (`w`, `h`, `rect` from crop and hotspot, `auto=format`).
 */
import type { ContentConfig } from '../config/public-config'

export type ImageRef = {
  asset?: { _ref?: string; _type?: string } | null
  hotspot?: unknown
  crop?: unknown
  alt?: string | null
} | null

/** Image asset ids carry the original size: `image-<sha1>-<width>x<height>-<ext>`. */
export function imageDimensions(image: ImageRef | undefined): { width: number; height: number } | null {
  const match = /-(\d+)x(\d+)-[a-z0-9]+$/.exec(image?.asset?._ref ?? '')
  if (!match) return null
  return { width: Number(match[1]), height: Number(match[2]) }
}

export function hasImage(
  image: ImageRef | undefined,
): image is NonNullable<ImageRef> & { asset: { _ref: string } } {
  return Boolean(image?.asset?._ref)
}

export type ImageUrlFactory = (image: ImageRef, options: { width: number; height?: number }) => string

type Rect = { left: number; top: number; width: number; height: number }

const DEFAULT_CROP = { top: 0, bottom: 0, left: 0, right: 0 }
const DEFAULT_HOTSPOT = { x: 0.5, y: 0.5, width: 1, height: 1 }

/**
 * The part of the image to show for a `width` x `height` box: the editor's crop, then cut to the box's
 * aspect ratio around the hotspot. The same arithmetic as @sanity/image-url (unit-tested against it), which
 * the browser bundle does without.
 */
function fitRect(
  size: { width: number; height: number },
  image: NonNullable<ImageRef>,
  box: { width: number; height?: number },
): Rect {
  const c = { ...DEFAULT_CROP, ...(image.crop as Partial<typeof DEFAULT_CROP> | undefined) }
  const h = { ...DEFAULT_HOTSPOT, ...(image.hotspot as Partial<typeof DEFAULT_HOTSPOT> | undefined) }
  const left = Math.round(c.left * size.width)
  const top = Math.round(c.top * size.height)
  const crop = {
    left,
    top,
    width: Math.round(size.width - c.right * size.width - left),
    height: Math.round(size.height - c.bottom * size.height - top),
  }
  if (!box.height) return crop
  const desired = box.width / box.height
  if (crop.width / crop.height > desired) {
    const height = Math.round(crop.height)
    const width = Math.round(height * desired)
    const centerX = Math.round(h.x * size.width)
    let x = Math.max(0, Math.round(centerX - width / 2))
    if (x < crop.left) x = crop.left
    else if (x + width > crop.left + crop.width) x = crop.left + crop.width - width
    return { left: x, top: Math.max(0, Math.round(crop.top)), width, height }
  }
  const width = crop.width
  const height = Math.round(width / desired)
  const centerY = Math.round(h.y * size.height)
  let y = Math.max(0, Math.round(centerY - height / 2))
  if (y < crop.top) y = crop.top
  else if (y + height > crop.top + crop.height) y = crop.top + crop.height - height
  return { left: Math.max(0, Math.round(crop.left)), top: y, width, height }
}

/**
 * URLs in Sanity's image API format, `{base}/images/{project}/{dataset}/{id}-{w}x{h}.{ext}?rect=..&w=..`,
 * which both Sanity's CDN and the embedded content API serve.
 */
export function createImageUrlFactory(
  config: Pick<ContentConfig, 'projectId' | 'dataset' | 'assetBaseUrl'>,
): ImageUrlFactory {
  const base = `${config.assetBaseUrl.replace(/\/+$/, '')}/images/${config.projectId}/${config.dataset}/`
  return (image, box) => {
    const match = /^image-([^-]+)-(\d+)x(\d+)-([a-z0-9]+)$/.exec(image?.asset?._ref ?? '')
    if (!image || !match) return ''
    const [, id, w, h, ext] = match
    const size = { width: Number(w), height: Number(h) }
    const rect = fitRect(size, image, box)
    const params: string[] = []
    if (rect.left !== 0 || rect.top !== 0 || rect.width !== size.width || rect.height !== size.height) {
      params.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`)
    }
    params.push(`w=${box.width}`)
    if (box.height) params.push(`h=${box.height}`, 'fit=crop')
    params.push('auto=format')
    return `${base}${id}-${w}x${h}.${ext}?${params.join('&')}`
  }
}

/** A srcset over the given widths, never upscaling past the original. */
export function imageSrcSet(
  urlFor: ImageUrlFactory,
  image: ImageRef,
  widths: number[],
  aspect?: number,
): string {
  const original = imageDimensions(image)
  const usable = widths.filter((w) => !original || w <= original.width)
  const list = usable.length > 0 ? usable : [original?.width ?? widths[0] ?? 800]
  return list
    .map((w) => `${urlFor(image, { width: w, height: aspect ? Math.round(w / aspect) : undefined })} ${w}w`)
    .join(', ')
}
