import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createAssetFiles } from './asset-files'
import { ImageParamError } from './image-param-bounds'
import { parseImageParams } from './image-params'
import { createImageVariants } from './image-variants'
import { createSizeLru } from './size-lru'
import { checkTransformBudget, requestedOutputSize } from './transform-budget'

const budget = { maxOutputPixels: 16_000_000, maxBlurWork: 250_000_000 }
const source = { width: 4000, height: 2000 }
const check = (query: Record<string, string>) => checkTransformBudget(parseImageParams(query), source, budget)

describe('transform budget', () => {
  it('derives the missing side from the aspect ratio, with dpr', () => {
    expect(requestedOutputSize(parseImageParams({ w: '1000', dpr: '2' }), source)).toEqual({
      width: 2000,
      height: 1000,
    })
    expect(requestedOutputSize(parseImageParams({ h: '100', rect: '0,0,300,100' }), source)).toEqual({
      width: 300,
      height: 100,
    })
    expect(requestedOutputSize(parseImageParams({}), source)).toEqual(source)
  })

  it('lets ordinary transforms through', () => {
    expect(() => check({ w: '1200', h: '675', fit: 'crop' })).not.toThrow()
    expect(() => check({ w: '3000', h: '3000', dpr: '1.3' })).not.toThrow()
    expect(() => check({ w: '800', blur: '20' })).not.toThrow()
  })

  it('refuses too many output pixels, huge dpr products and costly blurs', () => {
    expect(() => check({ w: '4096', h: '4096', fit: 'scale' })).toThrow(ImageParamError)
    expect(() => check({ w: '8000', dpr: '2' })).toThrow(/times dpr/)
    expect(() => check({ w: '4096', h: '4096', blur: '2000' })).toThrow(ImageParamError)
    expect(() => check({ w: '2000', blur: '2000' })).toThrow(/blur=2000/)
    // With no size, the source's own size is what gets blurred.
    expect(() => check({ blur: '2000' })).toThrow(/blur=2000/)
  })
})

describe('size-capped LRU', () => {
  it('evicts least recently used entries past the cap, never the one just added', () => {
    const lru = createSizeLru(100)
    expect(lru.add('a', 40)).toEqual([])
    expect(lru.add('b', 40)).toEqual([])
    expect(lru.touch('a')).toBe(true)
    expect(lru.add('c', 40)).toEqual(['b'])
    expect(lru.totalBytes).toBe(80)
    expect(lru.add('huge', 500)).toEqual(['a', 'c'])
    expect(lru.has('huge')).toBe(true)
    expect(lru.touch('b')).toBe(false)
  })

  it('replaces an entry added again', () => {
    const lru = createSizeLru(100)
    lru.add('a', 30)
    lru.add('a', 50)
    expect(lru.totalBytes).toBe(50)
    expect(lru.size).toBe(1)
  })
})

describe('variant cache on disk', () => {
  it('deletes the least recently served variants past its cap, and keeps that order across a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'variants-'))
    try {
      const files = createAssetFiles(dir)
      const name = `${'a'.repeat(40)}-64x48.png`
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c85028' } })
        .png()
        .toBuffer()
      await files.store(files.imagePath('production', name), png)
      const output = { encoding: 'png' as const, progressive: false }
      const limits = { concurrency: 1, maxWaiting: 10, cacheBytes: 0 }
      // First measure one variant's size, then allow about two of them.
      const probe = createImageVariants(files, { ...limits, cacheBytes: 1e9 })
      const size = statSync((await probe.get('production', name, { w: 30 }, output)).path).size
      const variants = createImageVariants(files, { ...limits, cacheBytes: size * 2.5 })
      const first = await variants.get('production', name, { w: 30 }, output)
      expect(first.cached).toBe(true)
      const second = await variants.get('production', name, { w: 31 }, output)
      expect((await variants.get('production', name, { w: 30 }, output)).cached).toBe(true)
      const third = await variants.get('production', name, { w: 32 }, output)
      await new Promise((r) => setTimeout(r, 50))
      // w=31 was served least recently: it went; w=30 (touched) and w=32 (new) stay.
      expect(existsSync(second.path)).toBe(false)
      expect(existsSync(first.path)).toBe(true)
      expect(existsSync(third.path)).toBe(true)
      expect(variants.stats().cacheBytes).toBeLessThanOrEqual(size * 2.5)

      // After a restart with a smaller cap, the files' times say which go first.
      const restarted = createImageVariants(files, { ...limits, cacheBytes: size * 1.5 })
      const fourth = await restarted.get('production', name, { w: 33 }, output)
      await new Promise((r) => setTimeout(r, 50))
      expect(existsSync(fourth.path)).toBe(true)
      expect(existsSync(first.path)).toBe(false)
      expect(existsSync(third.path)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
