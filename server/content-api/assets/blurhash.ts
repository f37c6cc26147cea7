/**
 * BlurHash encoder (the public algorithm of woltapp/blurhash, written here from its description): the image as a
 * few cosine components in linear light, the average colour (DC) in sRGB, the rest quantised against their
 * largest magnitude, all in base 83. Pure and small; callers hand it a downscaled image (sharp does the resize
 * off the event loop), so the loops below stay well under a millisecond.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~'

export function encodeBase83(value: number, length: number): string {
  let out = ''
  for (let i = 1; i <= length; i++) out += DIGITS[Math.floor(value / 83 ** (length - i)) % 83]
  return out
}

export function decodeBase83(text: string): number {
  let value = 0
  for (const char of text) {
    const digit = DIGITS.indexOf(char)
    if (digit < 0) throw new Error(`Not a base 83 digit: ${char}`)
    value = value * 83 + digit
  }
  return value
}

export function srgbToLinear(value: number): number {
  const v = value / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
}

export function linearToSrgb(value: number): number {
  const v = Math.max(0, Math.min(1, value))
  return v <= 0.0031308
    ? Math.trunc(v * 12.92 * 255 + 0.5)
    : Math.trunc((1.055 * v ** (1 / 2.4) - 0.055) * 255 + 0.5)
}

const signPow = (value: number, exponent: number) => Math.sign(value) * Math.abs(value) ** exponent

export type Pixels = {
  /** Interleaved 8-bit samples, row by row; the first three channels are R, G, B. */
  data: Uint8Array | Buffer
  width: number
  height: number
  channels: number
}

/** The BlurHash of `pixels` with `componentsX` x `componentsY` components (each 1-9). */
export function encodeBlurHash(pixels: Pixels, componentsX: number, componentsY: number): string {
  const { data, width, height, channels } = pixels
  if (componentsX < 1 || componentsX > 9 || componentsY < 1 || componentsY > 9) {
    throw new RangeError('BlurHash components must be between 1 and 9')
  }
  // Linear light once per pixel, and each cosine once per column and per row.
  const linear = new Float64Array(width * height * 3)
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) linear[p * 3 + c] = srgbToLinear(data[p * channels + c]!)
  }
  const factors: [number, number, number][] = []
  for (let j = 0; j < componentsY; j++) {
    const cosY = Array.from({ length: height }, (_, y) => Math.cos((Math.PI * j * y) / height))
    for (let i = 0; i < componentsX; i++) {
      const cosX = Array.from({ length: width }, (_, x) => Math.cos((Math.PI * i * x) / width))
      let r = 0
      let g = 0
      let b = 0
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const basis = cosX[x]! * cosY[y]!
          const at = (y * width + x) * 3
          r += basis * linear[at]!
          g += basis * linear[at + 1]!
          b += basis * linear[at + 2]!
        }
      }
      const scale = (i === 0 && j === 0 ? 1 : 2) / (width * height)
      factors.push([r * scale, g * scale, b * scale])
    }
  }

  const [dc, ...ac] = factors
  let hash = encodeBase83(componentsX - 1 + (componentsY - 1) * 9, 1)
  let maximum = 1
  if (ac.length > 0) {
    const largest = Math.max(...ac.flat().map(Math.abs))
    const quantised = Math.max(0, Math.min(82, Math.floor(largest * 166 - 0.5)))
    maximum = (quantised + 1) / 166
    hash += encodeBase83(quantised, 1)
  } else {
    hash += encodeBase83(0, 1)
  }
  hash += encodeBase83((linearToSrgb(dc![0]) << 16) + (linearToSrgb(dc![1]) << 8) + linearToSrgb(dc![2]), 4)
  const quantise = (v: number) => Math.max(0, Math.min(18, Math.floor(signPow(v / maximum, 0.5) * 9 + 9.5)))
  for (const [r, g, b] of ac) hash += encodeBase83(quantise(r) * 19 * 19 + quantise(g) * 19 + quantise(b), 2)
  return hash
}

/**
 * Sanity's component counts: a hash of a 3245x2000 upload on Sanity's CDN has 5 x 4 components. We keep five
 * along the longer side and four along the shorter one, so a portrait image gets 4 x 5 (ADR 140).
 */
export function blurHashComponents(width: number, height: number): { x: number; y: number } {
  return width >= height ? { x: 5, y: 4 } : { x: 4, y: 5 }
}
