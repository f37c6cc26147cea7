import { createHash } from 'node:crypto'
import net from 'node:net'
import { createClient, type SanityClient } from '@sanity/client'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../../testing/edge-test-server'
import type { AssetDocument } from '../asset-types'

let server: EdgeTestServer
let editor: SanityClient
let viewerToken: string
let png: Buffer

const LIMIT = 2 * 1024 * 1024

beforeAll(async () => {
  server = await startEdgeTestServer({ CONTENT_UPLOAD_LIMIT_MB: String(LIMIT / 1024 / 1024) })
  const e = await server.accounts.users.create({
    email: 'e@example.com',
    name: 'E',
    role: 'editor',
    password: 'p',
  })
  const v = await server.accounts.users.create({
    email: 'v@example.com',
    name: 'V',
    role: 'viewer',
    password: 'p',
  })
  editor = clientWith(server.accounts.sessions.create(e.id).token)
  viewerToken = server.accounts.sessions.create(v.id).token
  // A 640x480 image with a left/right split, so crops and rects are visible in the output.
  const left = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#c85028' } })
    .png()
    .toBuffer()
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#203040' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .removeAlpha()
    .png()
    .toBuffer()
})
afterAll(() => server.close())

function clientWith(token?: string) {
  return createClient({
    apiHost: `${server.url}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2026-05-04',
    useCdn: false,
    token,
  })
}

const images = () =>
  createImageUrlBuilder({ baseUrl: `${server.url}/content`, projectId: 'local', dataset: 'production' })

async function fetchImage(url: string, accept = 'image/png,image/*') {
  const res = await fetch(url, { headers: { accept } })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { res, bytes, meta: res.ok ? await sharp(bytes).metadata() : undefined }
}

describe('image upload', () => {
  let asset: AssetDocument

  it('creates a Sanity-shaped image asset with metadata', async () => {
    asset = (await editor.assets.upload('image', png, {
      filename: 'hero.png',
      title: 'Hero',
    })) as unknown as AssetDocument
    const sha1 = createHash('sha1').update(png).digest('hex')
    expect(asset).toMatchObject({
      _id: `image-${sha1}-640x480-png`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: 'png',
      mimeType: 'image/png',
      size: png.length,
      originalFilename: 'hero.png',
      title: 'Hero',
      path: `images/local/production/${sha1}-640x480.png`,
      url: `/content/images/local/production/${sha1}-640x480.png`,
      metadata: {
        dimensions: { width: 640, height: 480, aspectRatio: 640 / 480 },
        hasAlpha: false,
        isOpaque: true,
      },
    })
    expect(asset.metadata!.lqip).toMatch(/^data:image\/jpeg;base64,/)
    // A real document in the content store: it has a revision and anonymous queries find it.
    expect(asset._rev).toBeTruthy()
    const found = await clientWith().fetch(
      '*[_type == "sanity.imageAsset"][0]{_id, url, "w": metadata.dimensions.width}',
    )
    expect(found).toEqual({ _id: asset._id, url: asset.url, w: 640 })
    expect(asset.metadata!.palette!.dominant.background).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('gives the same document for the same bytes', async () => {
    const again = await editor.assets.upload('image', png, { filename: 'other-name.png' })
    expect(again._id).toBe(asset._id)
    expect((again as unknown as AssetDocument).originalFilename).toBe('hero.png')
  })

  it('serves @sanity/image-url URLs at the requested sizes', async () => {
    const builder = images().image(asset._id)
    const original = await fetchImage(builder.url())
    expect(original.bytes.equals(png)).toBe(true)
    expect(original.res.headers.get('cache-control')).toContain('immutable')

    expect((await fetchImage(builder.width(320).url())).meta).toMatchObject({ width: 320, height: 240 })
    expect((await fetchImage(builder.height(120).url())).meta).toMatchObject({ width: 160, height: 120 })
    expect((await fetchImage(builder.width(200).height(200).fit('crop').url())).meta).toMatchObject({
      width: 200,
      height: 200,
    })
    // The builder adds its own centre-crop rect when both sides are given; without it, clip keeps the ratio.
    expect((await fetchImage(`${builder.url()}?w=200&h=200&fit=clip`)).meta).toMatchObject({
      width: 200,
      height: 150,
    })
    expect((await fetchImage(`${builder.url()}?w=200&h=200&fit=fillmax&bg=fff`)).meta).toMatchObject({
      width: 200,
      height: 200,
    })
    expect((await fetchImage(`${builder.url()}?w=2000&h=1000&fit=min`)).meta).toMatchObject({
      width: 640,
      height: 320,
    })
    expect(
      (await fetchImage(`${builder.url()}?w=100&h=100&fit=crop&crop=focalpoint&fp-x=0.1&fp-y=0.5`)).meta,
    ).toMatchObject({ width: 100, height: 100 })
    expect((await fetchImage(builder.width(200).height(200).fit('fill').url())).meta).toMatchObject({
      width: 200,
      height: 200,
    })
    expect((await fetchImage(builder.width(2000).fit('max').url())).meta).toMatchObject({ width: 640 })
    expect((await fetchImage(builder.width(100).dpr(2).url())).meta).toMatchObject({
      width: 200,
      height: 150,
    })

    // rect picks the orange left half; the result is that half, scaled.
    const rect = await fetchImage(builder.rect(0, 0, 320, 480).width(160).url())
    expect(rect.meta).toMatchObject({ width: 160, height: 240 })
    const { dominant } = await sharp(rect.bytes).stats()
    expect(dominant.r).toBeGreaterThan(150)
  })

  it('negotiates AVIF and WebP for auto=format, and caches variants on disk', async () => {
    const url = images().image(asset._id).width(300).auto('format').url()
    const avif = await fetchImage(url, 'image/avif,image/webp,*/*')
    expect(avif.res.headers.get('content-type')).toBe('image/avif')
    expect(avif.res.headers.get('vary')).toMatch(/Accept/i)
    expect(avif.meta).toMatchObject({ width: 300, height: 225 })
    const webp = await fetchImage(url, 'image/webp,*/*')
    expect(webp.res.headers.get('content-type')).toBe('image/webp')
    expect(webp.meta).toMatchObject({ format: 'webp', width: 300 })
    const plain = await fetchImage(url, '*/*')
    expect(plain.res.headers.get('content-type')).toBe('image/png')

    const again = await fetchImage(url, 'image/webp,*/*')
    expect(webp.res.headers.get('x-image-cache')).toBe('miss')
    expect(again.res.headers.get('x-image-cache')).toBe('hit')
    expect(again.bytes.equals(webp.bytes)).toBe(true)
  })

  it('answers 400 for bad parameters and 404 for unknown images', async () => {
    const base = `${server.url}/content/images/local/production/${asset._id.slice(6, 46)}-640x480.png`
    for (const query of [
      'w=abc',
      'w=99999',
      'fit=stretch',
      'rect=1,2,3',
      'q=500',
      'bg=zzz',
      'rect=9000,0,10,10',
    ]) {
      const res = await fetch(`${base}?${query}`)
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { error: { description: string } }).error.description).toBeTruthy()
    }
    expect(
      (await fetch(`${server.url}/content/images/local/production/${'0'.repeat(40)}-1x1.png`)).status,
    ).toBe(404)
    expect(
      (await fetch(`${server.url}/content/images/other/production/${asset._id.slice(6, 46)}-640x480.png`))
        .status,
    ).toBe(404)
    expect(
      (await fetch(`${server.url}/content/images/local/production/..%2F..%2Faccounts.sqlite`)).status,
    ).toBe(404)
  })
})

describe('file upload and serving', () => {
  it('stores files by hash and serves byte ranges', async () => {
    const video = Buffer.alloc(300_000)
    for (let i = 0; i < video.length; i++) video[i] = i % 251
    const asset = (await editor.assets.upload('file', video, {
      filename: 'hero.mp4',
      contentType: 'video/mp4',
    })) as unknown as AssetDocument
    const sha1 = createHash('sha1').update(video).digest('hex')
    expect(asset).toMatchObject({
      _id: `file-${sha1}-mp4`,
      _type: 'sanity.fileAsset',
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: video.length,
      url: `/content/files/local/production/${sha1}.mp4`,
    })
    const url = `${server.url}${asset.url}`
    const full = await fetch(url)
    expect(full.headers.get('content-type')).toBe('video/mp4')
    expect(full.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await full.arrayBuffer()).equals(video)).toBe(true)

    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true)

    const tail = await fetch(url, { headers: { range: 'bytes=-500' } })
    expect(tail.status).toBe(206)
    expect((await tail.arrayBuffer()).byteLength).toBe(500)
    expect((await fetch(url, { headers: { range: 'bytes=999999-' } })).status).toBe(416)

    // A compressible type keeps exact byte ranges too (no gzip of a partial body).
    const text = Buffer.from('la bamba '.repeat(2000))
    const txt = (await editor.assets.upload('file', text, {
      filename: 'lyrics.txt',
    })) as unknown as AssetDocument
    const slice = await fetch(`${server.url}${txt.url}`, {
      headers: { range: 'bytes=0-8999', 'accept-encoding': 'gzip' },
    })
    expect(slice.status).toBe(206)
    expect(slice.headers.get('content-encoding')).toBeNull()
    expect(await slice.text()).toBe(text.subarray(0, 9000).toString())
  })
})

describe('upload errors', () => {
  const post = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/content/v2026-05-04${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body),
      headers,
    })

  it('refuses anonymous, bad-token and viewer uploads', async () => {
    expect((await post('/assets/images/production', png)).status).toBe(401)
    expect((await post('/assets/images/production', png, { authorization: 'Bearer lfs_nope' })).status).toBe(
      401,
    )
    const res = await post('/assets/images/production', png, { authorization: `Bearer ${viewerToken}` })
    expect(res.status).toBe(403)
  })

  it('rejects empty, non-image, wrongly typed and oversized uploads, and keeps serving', async () => {
    const auth = { authorization: `Bearer ${editor.config().token!}` }
    expect((await post('/assets/images/production', Buffer.alloc(0), auth)).status).toBe(400)
    expect(
      (await post('/assets/images/production', 'not an image', { ...auth, 'content-type': 'image/png' }))
        .status,
    ).toBe(400)
    expect(
      (await post('/assets/images/production', png, { ...auth, 'content-type': 'application/json' })).status,
    ).toBe(400)
    expect((await post('/assets/files/production', Buffer.alloc(0), auth)).status).toBe(400)
    const big = await post('/assets/files/production', Buffer.alloc(LIMIT + 1), auth)
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: { description: string } }).error.description).toMatch(/limit/)
    expect((await post('/assets/images/nope', png, auth)).status).toBe(404)
    expect((await post('/assets/files/production', 'still up', auth)).status).toBe(200)
  })

  it('refuses an upload whose declared size is over the limit before any byte of it arrives', async () => {
    const { hostname, port } = new URL(server.url)
    const socket = net.connect(Number(port), hostname)
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.write(
      `POST /content/v2026-05-04/assets/files/production HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: Bearer ${editor.config().token!}\r\nContent-Length: ${LIMIT * 10}\r\n\r\n`,
    )
    // Before: no answer until the body's deadline (the editor's is extended by the declared size), then 408.
    await expect.poll(() => answer, { timeout: 5000 }).toMatch(/^HTTP\/1.1 413[^]*limit/)
    socket.destroy()
  })
})
