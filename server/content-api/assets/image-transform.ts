import sharp, { type Color, type Sharp } from 'sharp'
import { applyBoundsAndPad, applyColourParams } from './image-adjust'
import { MAX_INPUT_PIXELS } from './image-metadata'
import { boundedBox } from './image-params-extra'
import { ImageParamError, MAX_DIMENSION } from './image-param-bounds'
import type { ImageParams, OutputFormat } from './image-params'
import { blurSigma } from './transform-budget'

/** sharp's own output names for ours. */
type Encoding = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

export const CONTENT_TYPES: Record<Encoding, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

export type Output = { encoding: Encoding; progressive: boolean }

/** A render still running after this long is stopped and answered with a 400 (see http/serve-router.ts). */
export const RENDER_TIMEOUT_SECONDS = 20

/** sharp's error when `timeout` stopped a render. */
export const isRenderTimeout = (error: unknown) => error instanceof Error && /timeout/i.test(error.message)

const accepts = (accept: string, type: string) => accept.toLowerCase().includes(type)

/**
 * `auto=format` picks AVIF, then WebP, when the browser says it takes them; otherwise `fm`, otherwise the
 * source format (SVG and TIFF sources become PNG and JPEG, which every browser shows).
 */
export function chooseOutput(params: ImageParams, sourceExtension: string, accept: string): Output {
  if (params.autoFormat) {
    if (accepts(accept, 'image/avif')) return { encoding: 'avif', progressive: false }
    if (accepts(accept, 'image/webp')) return { encoding: 'webp', progressive: false }
  }
  const wanted: OutputFormat | undefined = params.fm
  if (wanted === 'pjpg') return { encoding: 'jpeg', progressive: true }
  if (wanted === 'jpg') return { encoding: 'jpeg', progressive: false }
  if (wanted) return { encoding: wanted, progressive: false }
  switch (sourceExtension) {
    case 'png':
    case 'svg':
      return { encoding: 'png', progressive: false }
    case 'webp':
    case 'gif':
    case 'avif':
      return { encoding: sourceExtension, progressive: false }
    default:
      return { encoding: 'jpeg', progressive: false }
  }
}

/** `bg` is RGB/RRGGBB, or with alpha first (ARGB/AARRGGBB), as on Sanity's CDN. */
function background(bg: string | undefined, fallback: Color): Color {
  if (!bg) return fallback
  const full = bg.length <= 4 ? [...bg].map((c) => c + c).join('') : bg
  const alpha = full.length === 8 ? parseInt(full.slice(0, 2), 16) / 255 : 1
  const rgb = full.length === 8 ? full.slice(2) : full
  return {
    r: parseInt(rgb.slice(0, 2), 16),
    g: parseInt(rgb.slice(2, 4), 16),
    b: parseInt(rgb.slice(4, 6), 16),
    alpha,
  }
}

const clampSize = (n: number) => Math.max(1, Math.min(MAX_DIMENSION, Math.round(n)))

const GRAVITY: Record<string, string> = {
  top: 'north',
  bottom: 'south',
  left: 'west',
  right: 'east',
  'left,top': 'northwest',
  'right,top': 'northeast',
  'bottom,left': 'southwest',
  'bottom,right': 'southeast',
}

function cropPosition(params: ImageParams): string | number {
  const crop = (params.crop ?? []).filter((c) => c !== 'center' && c !== 'focalpoint')
  if (crop.includes('entropy')) return sharp.strategy.entropy
  return GRAVITY[crop.join(',')] ?? 'centre'
}

type Sized = { image: Sharp; width: number; height: number }

/** Orients the source and applies `rect` (in source pixels). */
async function orientAndCrop(source: string, params: ImageParams): Promise<Sized> {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate()
  const oriented = await image.clone().metadata()
  const width = oriented.autoOrient?.width ?? oriented.width
  const height = oriented.autoOrient?.height ?? oriented.height
  if (!params.rect) return { image, width, height }

  const left = Math.min(params.rect.x, width - 1)
  const top = Math.min(params.rect.y, height - 1)
  if (params.rect.x >= width || params.rect.y >= height)
    throw new ImageParamError('rect lies outside the image')
  const w = Math.min(params.rect.w, width - left)
  const h = Math.min(params.rect.h, height - top)
  // sharp applies one pre-resize extract; materialize it so later steps see the cropped size.
  return {
    image: sharp(await image.extract({ left, top, width: w, height: h }).toBuffer()),
    width: w,
    height: h,
  }
}

/** `fit=fillmax`: fit inside the box without upscaling, then pad to the box with the fill colour. */
async function fillMax(image: Sharp, boxW: number, boxH: number, fillColour: Color): Promise<Sharp> {
  const inner = await image
    .resize(boxW, boxH, { fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true })
  const padX = boxW - inner.info.width
  const padY = boxH - inner.info.height
  return sharp(inner.data).extend({
    left: Math.floor(padX / 2),
    right: Math.ceil(padX / 2),
    top: Math.floor(padY / 2),
    bottom: Math.ceil(padY / 2),
    background: fillColour,
  })
}

/** crop and min: cover the box; min never exceeds the source, keeping the requested aspect ratio. */
async function cover(sized: Sized, params: ImageParams, boxW: number, boxH: number): Promise<Sharp> {
  const { image, width, height } = sized
  let targetW = boxW
  let targetH = boxH
  if (params.fit === 'min') {
    const k = Math.min(1, width / boxW, height / boxH)
    targetW = clampSize(boxW * k)
    targetH = clampSize(boxH * k)
  }
  if (params.fpX === undefined && params.fpY === undefined && !params.crop?.includes('focalpoint')) {
    return image.resize(targetW, targetH, { fit: 'cover', position: cropPosition(params) })
  }
  const scale = Math.max(targetW / width, targetH / height)
  const scaledW = Math.max(targetW, Math.round(width * scale))
  const scaledH = Math.max(targetH, Math.round(height * scale))
  const fx = params.fpX ?? 0.5
  const fy = params.fpY ?? 0.5
  const left = Math.min(scaledW - targetW, Math.max(0, Math.round(fx * scaledW - targetW / 2)))
  const top = Math.min(scaledH - targetH, Math.max(0, Math.round(fy * scaledH - targetH / 2)))
  return sharp(await image.resize(scaledW, scaledH, { fit: 'fill' }).toBuffer()).extract({
    left,
    top,
    width: targetW,
    height: targetH,
  })
}

/** Resizes by `fit` into the box (`w`/`h` times `dpr`); without a box the image keeps its size. */
async function resizeToBox(sized: Sized, params: ImageParams, fillColour: Color): Promise<Sharp> {
  const { image } = sized
  const dpr = params.dpr ?? 1
  const box = boundedBox(params)
  const boxW = box.w !== undefined ? clampSize(box.w * dpr) : undefined
  const boxH = box.h !== undefined ? clampSize(box.h * dpr) : undefined
  const fit = params.fit ?? 'clip'
  if (boxW === undefined && boxH === undefined) return image

  const noUpscale = fit === 'max' || fit === 'min' || fit === 'fillmax'
  // One side given: every fit scales proportionally.
  if (boxW === undefined || boxH === undefined)
    return image.resize(boxW ?? null, boxH ?? null, { withoutEnlargement: noUpscale })
  if (fit === 'clip' || fit === 'max')
    return image.resize(boxW, boxH, { fit: 'inside', withoutEnlargement: noUpscale })
  if (fit === 'scale') return image.resize(boxW, boxH, { fit: 'fill' })
  if (fit === 'fill') return image.resize(boxW, boxH, { fit: 'contain', background: fillColour })
  if (fit === 'fillmax') return fillMax(image, boxW, boxH, fillColour)
  return cover(sized, params, boxW, boxH)
}

/** Bounds and padding, colour, flips, rotation and effects, then the background for formats without alpha. */
async function applyEffects(
  resized: Sharp,
  params: ImageParams,
  canAlpha: boolean,
  fillColour: Color,
): Promise<Sharp> {
  let image = resized
  if (params.minW || params.minH || params.maxW || params.maxH || params.pad)
    image = await applyBoundsAndPad(image, params, params.dpr ?? 1, fillColour)
  image = applyColourParams(image, params)
  if (params.flip?.includes('h')) image = image.flop()
  if (params.flip?.includes('v')) image = image.flip()
  if (params.or) image = image.rotate(params.or)
  if (params.blur) image = image.blur(blurSigma(params.blur))
  if (params.invert) image = image.negate({ alpha: false })
  if (!canAlpha || (params.bg && params.fit !== 'fill' && params.fit !== 'fillmax')) {
    image = image.flatten({ background: background(params.bg, '#ffffff') })
  }
  return image
}

function encode(image: Sharp, params: ImageParams, output: Output): Promise<Buffer> {
  switch (output.encoding) {
    case 'jpeg':
      return image
        .jpeg({ quality: params.q ?? 75, progressive: output.progressive, mozjpeg: true })
        .toBuffer()
    case 'png':
      return image.png().toBuffer()
    case 'webp':
      return image.webp({ quality: params.q ?? 75 }).toBuffer()
    case 'avif':
      // effort 2 keeps first renders quick; variants are cached after that.
      return image.avif({ quality: params.q ?? 50, effort: 2 }).toBuffer()
    case 'gif':
      return image.gif().toBuffer()
  }
}

/**
 * Renders one variant. Order follows the CDN: orient, `rect` (in source pixels), resize by `fit` (with
 * `dpr` multiplying the box), then flips/rotation/effects, then encode.
 */
export async function renderVariant(source: string, params: ImageParams, output: Output): Promise<Buffer> {
  const sized = await orientAndCrop(source, params)
  const canAlpha = output.encoding !== 'jpeg'
  const fillColour = background(params.bg, canAlpha ? { r: 255, g: 255, b: 255, alpha: 0 } : '#ffffff')
  const resized = await resizeToBox(sized, params, fillColour)
  const image = await applyEffects(resized, params, canAlpha, fillColour)
  // The budget (transform-budget.ts) keeps renders short; this stops one that still runs away.
  return encode(image.timeout({ seconds: RENDER_TIMEOUT_SECONDS }), params, output)
}
