import type { SanityClient } from '@sanity/client'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

// The image parameters @sanity/image-url builds beyond size and crop, rendered (ADR 140).
let server: EdgeTestServer
let editor: SanityClient
let assetId: string

beforeAll(async () => {
  server = await startEdgeTestServer()
  const user = await server.accounts.users.create({
    email: 'i@example.com',
    name: 'I',
    role: 'editor',
    password: 'p',
  })
  editor = server.client(server.accounts.sessions.create(user.id).token, '2025-02-19')
  // 200x100, saturated red with a thin white line, so saturation and sharpening change pixels measurably.
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#d02020' } })
    .composite([
      { input: { create: { width: 2, height: 100, channels: 3, background: '#ffffff' } }, left: 99, top: 0 },
    ])
    .png()
    .toBuffer()
  assetId = (await editor.assets.upload('image', png, { filename: 'red.png' }))._id
})
afterAll(() => server.close())

const url = () =>
  createImageUrlBuilder({ baseUrl: `${server.url}/content`, projectId: 'local', dataset: 'production' })
    .image(assetId)
    .format('png')

async function render(built: string) {
  const res = await fetch(built)
  expect(res.status, built).toBe(200)
  const bytes = Buffer.from(await res.arrayBuffer())
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ]
  return { info, pixel, data }
}

describe('image parameters', () => {
  it('sat=-100 renders grey, sat=0 keeps the colour', async () => {
    const [r, g, b] = (await render(url().saturation(-100).url())).pixel(10, 10)
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThanOrEqual(2)
    const [r0, g0] = (await render(url().url())).pixel(10, 10)
    expect(r0! - g0!).toBeGreaterThan(100)
  })

  it('pad puts a bg border inside the requested size', async () => {
    const { info, pixel } = await render(url().width(100).height(50).pad(10).bg('00ff00').url())
    expect([info.width, info.height]).toEqual([100, 50])
    expect(pixel(2, 2)).toEqual([0, 255, 0])
    const [r, g] = pixel(20, 25)
    expect(r! - g!).toBeGreaterThan(100)
  })

  it('max-w and min-w bound the output; a requested width is clamped into them', async () => {
    expect((await render(url().maxWidth(80).url())).info.width).toBe(80)
    expect((await render(url().minWidth(400).url())).info.width).toBe(400)
    expect((await render(url().width(50).minWidth(120).url())).info.width).toBe(120)
    expect((await render(url().width(150).maxWidth(60).url())).info.width).toBe(60)
  })

  it('sharp changes the pixels around an edge; frame=1 is the picture itself', async () => {
    const plain = await render(url().width(150).url())
    const sharpened = await render(url().width(150).sharpen(100).url())
    expect(Buffer.compare(plain.data, sharpened.data)).not.toBe(0)
    expect((await render(url().frame(1).url())).info.width).toBe(200)
  })

  it('answers 400 for values out of range', async () => {
    for (const query of ['sat=-101', 'sharp=101', 'pad=-1', 'min-w=0', 'max-h=x', 'frame=2']) {
      const res = await fetch(`${url().url()}&${query}`)
      expect(res.status, query).toBe(400)
    }
  })
})

describe('image parameters and the transform budget', () => {
  it('counts the size min-w forces', async () => {
    const res = await fetch(`${url().url()}&min-w=8000&min-h=8000`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { description: expect.stringContaining('pixels') } })
  })
})
