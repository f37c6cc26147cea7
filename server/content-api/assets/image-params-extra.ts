import { ImageParamError, MAX_DIMENSION } from './image-param-bounds'

/**
 * The `@sanity/image-url` parameters beyond size, crop and format (ADR 140): `sat` (-100..100), `sharp`
 * (0..100), `pad` (pixels of `bg` around the image, inside the requested size), `min-w`/`min-h`,
 * `max-w`/`max-h` (bounds on the output size) and `frame` (only `1`, the first frame, which is what is rendered).
 */
export type ExtraImageParams = {
  sat?: number
  sharpen?: number
  pad?: number
  minW?: number
  minH?: number
  maxW?: number
  maxH?: number
}

type Query = Record<string, unknown>

/** The part of the parsed parameters (image-params.ts) that the size helpers below read. */
type SizeParams = ExtraImageParams & { w?: number; h?: number; dpr?: number }

function integer(query: Query, key: string, min: number, max: number): number | undefined {
  const raw = query[key]
  if (raw === undefined || raw === '') return undefined
  const value = typeof raw === 'string' ? Number(raw) : NaN
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ImageParamError(`Parameter ${key} must be an integer from ${min} to ${max}`)
  return value
}

export function parseExtraImageParams(query: Query): ExtraImageParams {
  const extra: ExtraImageParams = {}
  const sat = integer(query, 'sat', -100, 100)
  if (sat) extra.sat = sat
  const sharpen = integer(query, 'sharp', 0, 100)
  if (sharpen) extra.sharpen = sharpen
  const pad = integer(query, 'pad', 0, MAX_DIMENSION / 2)
  if (pad) extra.pad = pad
  for (const [key, field] of [
    ['min-w', 'minW'],
    ['min-h', 'minH'],
    ['max-w', 'maxW'],
    ['max-h', 'maxH'],
  ] as const) {
    const value = integer(query, key, 1, MAX_DIMENSION)
    if (value !== undefined) extra[field] = value
  }
  if (query.frame !== undefined && query.frame !== '1')
    throw new ImageParamError('Parameter frame must be 1 (the first frame)')
  return extra
}

/** The requested box after `min-*`/`max-*` (a bound on a side that is not requested is applied later). */
export function boundedBox(params: SizeParams): { w?: number; h?: number } {
  const bound = (value: number | undefined, min?: number, max?: number) =>
    value === undefined ? undefined : Math.min(max ?? Infinity, Math.max(min ?? 0, value))
  return { w: bound(params.w, params.minW, params.maxW), h: bound(params.h, params.minH, params.maxH) }
}

/**
 * The output size `min-w`/`min-h` can force when the request sizes neither side (they may enlarge the
 * image), for the transform budget; null when they do not apply.
 */
export function minimumOutputSize(
  params: SizeParams,
  base: { width: number; height: number },
): { width: number; height: number } | null {
  const dpr = params.dpr ?? 1
  const minW = params.w === undefined && params.minW !== undefined ? params.minW * dpr : 0
  const minH = params.h === undefined && params.minH !== undefined ? params.minH * dpr : 0
  if (!minW && !minH) return null
  const scale = Math.max(1, minW / base.width, minH / base.height)
  return { width: Math.ceil(base.width * scale), height: Math.ceil(base.height * scale) }
}
