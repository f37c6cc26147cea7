import { boundedBox, minimumOutputSize } from './image-params-extra'
import { ImageParamError, MAX_DIMENSION } from './image-param-bounds'
import type { ImageParams } from './image-params'

/**
 * What one transform may cost (ADR 085). Render time grows with output pixels, and a Gaussian blur's with
 * pixels times its sigma, so both are bounded before sharp starts; the request gets a 400 that says which
 * bound it broke and by how much.
 */
export type TransformBudget = {
  /** Largest output, in pixels (after `dpr`). */
  maxOutputPixels: number
  /** Largest blur work: output pixels x blur sigma. */
  maxBlurWork: number
}

/** 16 megapixels out, and e.g. blur=2000 (sigma 200) up to ~1.2 megapixels: each well under a second here. */
export const DEFAULT_BLUR_WORK = 250_000_000

/** sharp's Gaussian sigma for the CDN's `blur` (1-2000). */
export const blurSigma = (blur: number) => Math.min(1000, 0.3 + blur / 10)

/** The output size a request asks for, at most: the `w`/`h` box times `dpr`, the other side by aspect. */
export function requestedOutputSize(
  params: ImageParams,
  source: { width: number; height: number },
): { width: number; height: number } {
  const dpr = params.dpr ?? 1
  const base = params.rect ? { width: params.rect.w, height: params.rect.h } : source
  const box = boundedBox(params)
  const w = box.w !== undefined ? box.w * dpr : undefined
  const h = box.h !== undefined ? box.h * dpr : undefined
  for (const [name, side] of [
    ['w', w],
    ['h', h],
  ] as const) {
    if (side !== undefined && side > MAX_DIMENSION) {
      throw new ImageParamError(`Parameter ${name} times dpr must be at most ${MAX_DIMENSION} pixels`)
    }
  }
  if (w !== undefined && h !== undefined) return { width: Math.round(w), height: Math.round(h) }
  if (w !== undefined)
    return { width: Math.round(w), height: Math.max(1, Math.round((w * base.height) / base.width)) }
  if (h !== undefined)
    return { width: Math.max(1, Math.round((h * base.width) / base.height)), height: Math.round(h) }
  return base
}

/** Throws ImageParamError (400) when the transform would cost more than the budget allows. */
export function checkTransformBudget(
  params: ImageParams,
  source: { width: number; height: number },
  budget: TransformBudget,
): void {
  const requested = requestedOutputSize(params, source)
  const atLeast = minimumOutputSize(params, requested)
  const { width, height } =
    atLeast && atLeast.width * atLeast.height > requested.width * requested.height ? atLeast : requested
  const pixels = width * height
  if (pixels > budget.maxOutputPixels) {
    throw new ImageParamError(
      `The output would be ${width}x${height} pixels; at most ${budget.maxOutputPixels} pixels are rendered`,
    )
  }
  if (params.blur && pixels * blurSigma(params.blur) > budget.maxBlurWork) {
    const largest = Math.floor(budget.maxBlurWork / blurSigma(params.blur))
    throw new ImageParamError(
      `blur=${params.blur} is allowed on outputs up to ${largest} pixels; ask for a smaller size or less blur`,
    )
  }
}
