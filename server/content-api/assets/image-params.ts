import { ImageParamError, MAX_DIMENSION } from './image-param-bounds'
import { parseExtraImageParams, type ExtraImageParams } from './image-params-extra'

/**
 * The `@sanity/image-url` query parameters, parsed and normalized. Bad values are errors (400), unknown
 * parameters are ignored (the CDN ignores them too). Normalized params are the disk-cache key.
 */

export const FITS = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min'] as const
export type Fit = (typeof FITS)[number]
const CROPS = ['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy'] as const
type Crop = (typeof CROPS)[number]
export const OUTPUT_FORMATS = ['jpg', 'pjpg', 'png', 'webp', 'avif', 'gif'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export type ImageParams = ExtraImageParams & {
  w?: number
  h?: number
  fit?: Fit
  crop?: Crop[]
  rect?: { x: number; y: number; w: number; h: number }
  fpX?: number
  fpY?: number
  autoFormat?: boolean
  fm?: OutputFormat
  q?: number
  dpr?: number
  bg?: string
  blur?: number
  flip?: 'h' | 'v' | 'hv'
  or?: 0 | 90 | 180 | 270
  invert?: boolean
  /** `dl`: download under this file name (empty: the original name). */
  dl?: string
}

type Query = Record<string, unknown>

function single(query: Query, key: string): string | undefined {
  const value = query[key]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new ImageParamError(`Parameter ${key} must be given once`)
  return value
}

function number(query: Query, key: string, min: number, max: number, integer = true): number | undefined {
  const raw = single(query, key)
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    throw new ImageParamError(
      `Parameter ${key} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`,
    )
  }
  return value
}

function oneOf<T extends string>(query: Query, key: string, allowed: readonly T[]): T | undefined {
  const raw = single(query, key)
  if (raw === undefined || raw === '') return undefined
  if (!allowed.includes(raw as T))
    throw new ImageParamError(`Parameter ${key} must be one of ${allowed.join(', ')}`)
  return raw as T
}

export function parseImageParams(query: Query): ImageParams {
  const params: ImageParams = {}
  const w = number(query, 'w', 1, MAX_DIMENSION)
  const h = number(query, 'h', 1, MAX_DIMENSION)
  if (w !== undefined) params.w = w
  if (h !== undefined) params.h = h
  const fit = oneOf(query, 'fit', FITS)
  if (fit) params.fit = fit

  const crop = single(query, 'crop')
  if (crop) {
    const parts = crop.split(',')
    if (!parts.every((p) => (CROPS as readonly string[]).includes(p))) {
      throw new ImageParamError(`Parameter crop must be a list of ${CROPS.join(', ')}`)
    }
    params.crop = [...new Set(parts as Crop[])].sort()
  }

  const rect = single(query, 'rect')
  if (rect) {
    const parts = rect.split(',').map(Number)
    if (
      parts.length !== 4 ||
      !parts.every((n) => Number.isInteger(n) && n >= 0) ||
      parts[2]! < 1 ||
      parts[3]! < 1
    ) {
      throw new ImageParamError('Parameter rect must be x,y,width,height in pixels')
    }
    params.rect = { x: parts[0]!, y: parts[1]!, w: parts[2]!, h: parts[3]! }
  }

  const fpX = number(query, 'fp-x', 0, 1, false)
  const fpY = number(query, 'fp-y', 0, 1, false)
  if (fpX !== undefined) params.fpX = fpX
  if (fpY !== undefined) params.fpY = fpY

  const auto = oneOf(query, 'auto', ['format'] as const)
  if (auto) params.autoFormat = true
  const fm = oneOf(query, 'fm', OUTPUT_FORMATS)
  if (fm) params.fm = fm
  const q = number(query, 'q', 0, 100)
  if (q !== undefined) params.q = q
  const dpr = number(query, 'dpr', 1, 3, false)
  if (dpr !== undefined && dpr !== 1) params.dpr = dpr

  const bg = single(query, 'bg')
  if (bg) {
    if (!/^([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(bg)) {
      throw new ImageParamError('Parameter bg must be a hex colour (RGB, ARGB, RRGGBB or AARRGGBB)')
    }
    params.bg = bg.toLowerCase()
  }
  const blur = number(query, 'blur', 0, 2000)
  if (blur) params.blur = blur
  const flip = oneOf(query, 'flip', ['h', 'v', 'hv'] as const)
  if (flip) params.flip = flip
  const or = number(query, 'or', 0, 270)
  if (or !== undefined) {
    if (![0, 90, 180, 270].includes(or)) throw new ImageParamError('Parameter or must be 0, 90, 180 or 270')
    if (or) params.or = or as 90 | 180 | 270
  }
  const invert = single(query, 'invert')
  if (invert === 'true' || invert === '1') params.invert = true
  const dl = single(query, 'dl')
  if (dl !== undefined) params.dl = dl
  return { ...params, ...parseExtraImageParams(query) }
}

/** True when the original bytes can be sent as they are. */
export function isIdentity(params: ImageParams): boolean {
  const { dl: _dl, ...rest } = params
  return Object.keys(rest).length === 0
}

/** A stable cache key for what the variant looks like (the download name does not change the bytes). */
export function variantKey(params: ImageParams, format: string): string {
  const { dl: _dl, ...rest } = params
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)))
  return `${JSON.stringify(sorted)}|${format}`
}
