import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  blurHashComponents,
  decodeBase83,
  encodeBlurHash,
  linearToSrgb,
  srgbToLinear,
  type Pixels,
} from './blurhash'
import { imagePalette, rgbToHsl, textColours } from './image-palette'
import { readImageFacts } from './image-metadata'

/**
 * Decodes a BlurHash the way the public algorithm's decoders do (written here for the test): component
 * counts, the average colour (DC) and the image at `width` x `height`.
 */
function decodeBlurHash(hash: string, width: number, height: number) {
  const sizeFlag = decodeBase83(hash[0]!)
  const nx = (sizeFlag % 9) + 1
  const ny = Math.floor(sizeFlag / 9) + 1
  const maximum = (decodeBase83(hash[1]!) + 1) / 166
  const dc = decodeBase83(hash.slice(2, 6))
  const average = [dc >> 16, (dc >> 8) & 255, dc & 255] as const
  const factors: number[][] = [average.map(srgbToLinear)]
  for (let k = 1; k < nx * ny; k++) {
    const v = decodeBase83(hash.slice(4 + k * 2, 6 + k * 2))
    factors.push(
      [Math.floor(v / 361), Math.floor(v / 19) % 19, v % 19].map((q) => {
        const x = (q - 9) / 9
        return Math.sign(x) * x * x * maximum
      }),
    )
  }
  const pixel = (x: number, y: number) => {
    const rgb = [0, 0, 0]
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const basis = Math.cos((Math.PI * x * i) / width) * Math.cos((Math.PI * y * j) / height)
        for (let c = 0; c < 3; c++) rgb[c]! += factors[j * nx + i]![c]! * basis
      }
    return rgb.map(linearToSrgb)
  }
  return { nx, ny, average, length: hash.length, pixel }
}

async function rawOf(image: ReturnType<typeof sharp>): Promise<Pixels> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

/** The mean in linear light, back in sRGB: what a BlurHash's DC component holds. */
function linearAverage(pixels: Pixels): number[] {
  const sums = [0, 0, 0]
  for (let p = 0; p < pixels.width * pixels.height; p++)
    for (let c = 0; c < 3; c++) sums[c]! += srgbToLinear(pixels.data[p * pixels.channels + c]!)
  return sums.map((s) => linearToSrgb(s / (pixels.width * pixels.height)))
}

/** Left half warm red, right half dark blue, with a light stripe: colours a palette must tell apart. */
async function splitImage(width: number, height: number) {
  const half = Math.round(width / 2)
  const left = await sharp({ create: { width: half, height, channels: 3, background: '#d0402a' } })
    .png()
    .toBuffer()
  const stripe = await sharp({
    create: { width: width - half, height: Math.round(height / 4), channels: 3, background: '#f2c9a0' },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#1c2f6e' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: stripe, left: half, top: 0 },
    ])
    .png()
    .toBuffer()
}

describe('BlurHash', () => {
  it('has 5 x 4 components on landscape images (as a Sanity hash does) and 4 x 5 on portrait ones', async () => {
    expect(blurHashComponents(3245, 2000)).toEqual({ x: 5, y: 4 })
    expect(blurHashComponents(600, 800)).toEqual({ x: 4, y: 5 })
    const facts = await readImageFacts(await splitImage(400, 300))
    const decoded = decodeBlurHash(facts.metadata.blurHash!, 32, 24)
    expect([decoded.nx, decoded.ny, decoded.length]).toEqual([5, 4, 6 + 2 * 19])
    const portrait = await readImageFacts(
      await sharp(await splitImage(400, 300))
        .rotate(90)
        .toBuffer(),
    )
    expect(decodeBlurHash(portrait.metadata.blurHash!, 24, 32)).toMatchObject({ nx: 4, ny: 5 })
  })

  it("decodes to the image's average colour, and its left and right halves to theirs", async () => {
    const png = await splitImage(640, 480)
    const hash = (await readImageFacts(png)).metadata.blurHash!
    const decoded = decodeBlurHash(hash, 64, 48)
    const full = linearAverage(await rawOf(sharp(png)))
    decoded.average.forEach((v, c) => expect(Math.abs(v - full[c]!)).toBeLessThanOrEqual(4))
    // The AC components carry the split: red on the left, blue on the right.
    const [lr, , lb] = decoded.pixel(8, 36)
    const [rr, , rb] = decoded.pixel(56, 36)
    expect(lr).toBeGreaterThan(lb! + 60)
    expect(rb).toBeGreaterThan(rr! + 30)
  })

  it('keeps a flat colour exactly as its average', () => {
    const data = new Uint8Array(8 * 8 * 3).map((_, i) => [18, 140, 230][i % 3]!)
    const hash = encodeBlurHash({ data, width: 8, height: 8, channels: 3 }, 5, 4)
    expect(decodeBlurHash(hash, 8, 8).average).toEqual([18, 140, 230])
  })

  it('refuses component counts the format cannot hold', () => {
    const pixels = { data: new Uint8Array(3), width: 1, height: 1, channels: 3 }
    expect(() => encodeBlurHash(pixels, 0, 4)).toThrow(RangeError)
    expect(() => encodeBlurHash(pixels, 5, 10)).toThrow(RangeError)
  })
})

describe('palette', () => {
  const names = ['dominant', 'vibrant', 'darkVibrant', 'lightVibrant', 'muted', 'darkMuted', 'lightMuted']

  it('text colours follow YIQ brightness as on Sanity swatches', () => {
    // Swatches as Sanity's CDN returned them: background -> foreground, title.
    expect(textColours([0xe7, 0xc7, 0x37])).toEqual({ foreground: '#000', title: '#fff' })
    expect(textColours([0xe6, 0xc8, 0x82])).toEqual({ foreground: '#000', title: '#000' })
    expect(textColours([0x59, 0x45, 0x2f])).toEqual({ foreground: '#fff', title: '#fff' })
    expect(textColours([0xf8, 0x7d, 0x6f])).toEqual({ foreground: '#000', title: '#fff' })
  })

  it('has all seven swatches, each picking the colour its rules describe', async () => {
    const palette = (await readImageFacts(await splitImage(640, 480))).metadata.palette!
    expect(Object.keys(palette).sort()).toEqual(['_type', ...names].sort())
    for (const name of names) {
      expect(palette[name as 'vibrant']).toEqual({
        _type: 'sanity.imagePaletteSwatch',
        background: expect.stringMatching(/^#[0-9a-f]{6}$/),
        foreground: expect.stringMatching(/^#(000|fff)$/),
        title: expect.stringMatching(/^#(000|fff)$/),
        population: expect.any(Number),
      })
    }
    const hsl = (hex: string) => rgbToHsl([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as never)
    // The red half is the vibrant colour, the blue one (lightness ~0.27) the dark vibrant, the peach stripe
    // the light vibrant; each found colour's population is its share of the image in percent.
    expect(palette.vibrant.background).toBe('#d0402a')
    // (Shares are counted on the 64 px sample, where the edges between the areas blend.)
    expect(palette.vibrant.population).toBeGreaterThan(44)
    expect(palette.vibrant.population).toBeLessThanOrEqual(50)
    expect(palette.darkVibrant.background).toBe('#1c2f6e')
    expect(palette.darkVibrant.population).toBeGreaterThan(32)
    expect(palette.darkVibrant.population).toBeLessThanOrEqual(37.5)
    expect(palette.lightVibrant.background).toBe('#f2c9a0')
    expect(palette.dominant).toEqual(palette.vibrant)
    // Nothing muted in the image but blended edge pixels: tiny or derived (population 0) swatches.
    for (const name of ['muted', 'darkMuted', 'lightMuted'] as const) {
      expect(palette[name].population).toBeLessThan(1)
    }
    // A derived one (population 0) sits at its target lightness and within the muted saturation (at most 0.4),
    // though the image's only found colours near it are vivid.
    const targets = { muted: 0.5, darkMuted: 0.26, lightMuted: 0.74 }
    const derived = (Object.keys(targets) as (keyof typeof targets)[]).filter(
      (n) => palette[n].population === 0,
    )
    expect(derived.length).toBeGreaterThan(0)
    for (const name of derived) {
      const [, saturation, lightness] = hsl(palette[name].background)
      expect(lightness).toBeCloseTo(targets[name], 1)
      expect(saturation).toBeLessThanOrEqual(0.41)
    }
  })

  it('finds muted colours in a muted image and the dominant one by population', async () => {
    const width = 100
    const grey = await sharp({ create: { width: 30, height: 100, channels: 3, background: '#7d8a80' } })
      .png()
      .toBuffer()
    const png = await sharp({ create: { width, height: 100, channels: 3, background: '#3d3530' } })
      .composite([{ input: grey, left: 0, top: 0 }])
      .png()
      .toBuffer()
    const palette = imagePalette(await rawOf(sharp(png)))
    expect(palette.muted.background).toBe('#7d8a80')
    expect(palette.darkMuted.background).toBe('#3d3530')
    expect(palette.dominant.background).toBe('#3d3530')
    expect(palette.dominant.population).toBeCloseTo(70, 0)
  })

  it('survives images with nothing to count: fully transparent, pure white, one pixel', async () => {
    for (const background of [
      { r: 0, g: 0, b: 0, alpha: 0 },
      { r: 255, g: 255, b: 255, alpha: 1 },
    ]) {
      const png = await sharp({ create: { width: 20, height: 20, channels: 4, background } })
        .png()
        .toBuffer()
      const { metadata } = await readImageFacts(png)
      expect(Object.keys(metadata.palette!)).toHaveLength(8)
      expect(metadata.blurHash).toHaveLength(44)
    }
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    const red = (await readImageFacts(dot)).metadata.palette!
    expect(red.vibrant.background).toBe('#ff0000')
    // Nothing muted to start from: the muted swatches derive from red at the muted target saturation.
    for (const name of ['muted', 'darkMuted', 'lightMuted'] as const) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(red[name].background.slice(i, i + 2), 16))
      expect(rgbToHsl([r!, g!, b!])[1]).toBeCloseTo(0.3, 1)
      expect(red[name].population).toBe(0)
    }
  })
})
