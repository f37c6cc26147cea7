import sharp, { type Color, type Sharp } from 'sharp'
import type { ImageParams } from './image-params'

/**
 * The steps `image-params-extra.ts` adds to a render (ADR 140). sharp keeps one resize per pipeline, so a
 * bound on a side the request did not size, and padding, work on the rendered pixels (only when asked for).
 */
export async function applyBoundsAndPad(
  image: Sharp,
  params: ImageParams,
  dpr: number,
  fill: Color,
): Promise<Sharp> {
  const scaled = (n: number | undefined) => (n === undefined ? undefined : Math.max(1, Math.round(n * dpr)))
  const [maxW, maxH] = [
    params.w === undefined ? scaled(params.maxW) : undefined,
    params.h === undefined ? scaled(params.maxH) : undefined,
  ]
  const [minW, minH] = [
    params.w === undefined ? scaled(params.minW) : undefined,
    params.h === undefined ? scaled(params.minH) : undefined,
  ]
  let out = image
  if (maxW !== undefined || maxH !== undefined) {
    out = sharp(await out.toBuffer()).resize(maxW ?? null, maxH ?? null, {
      fit: 'inside',
      withoutEnlargement: true,
    })
  }
  if (minW !== undefined || minH !== undefined) {
    out = sharp(await out.toBuffer()).resize(minW ?? null, minH ?? null, {
      fit: 'outside',
      withoutReduction: true,
    })
  }
  const pad = scaled(params.pad)
  if (pad) {
    const rendered = await out.toBuffer({ resolveWithObject: true })
    // Inside the requested size, as on the CDN: the picture shrinks to make room for the border.
    const innerW = params.w === undefined ? rendered.info.width : Math.max(1, rendered.info.width - 2 * pad)
    const innerH = params.h === undefined ? rendered.info.height : Math.max(1, rendered.info.height - 2 * pad)
    const inner = sharp(rendered.data).resize(innerW, innerH, { fit: 'fill' })
    out = sharp(await inner.toBuffer()).extend({
      top: pad,
      bottom: pad,
      left: pad,
      right: pad,
      background: fill,
    })
  }
  return out
}

/** `sat` scales saturation (-100 is grey), `sharp` sharpens (0..100 maps to sigma 0.5..2.5). */
export function applyColourParams(image: Sharp, params: ImageParams): Sharp {
  let out = image
  if (params.sat) out = out.modulate({ saturation: Math.max(0, 1 + params.sat / 100) })
  if (params.sharpen) out = out.sharpen({ sigma: 0.5 + (params.sharpen / 100) * 2 })
  return out
}
