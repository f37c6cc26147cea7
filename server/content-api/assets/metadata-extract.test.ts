import type { SanityClient } from '@sanity/client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'
import type { AssetDocument } from './asset-types'

// What an image upload extracts, driven with the official client (ADR 140): Sanity's defaults (blurhash, lqip,
// palette), `extract` choosing the optional parts, bad `meta` values refused with a JSON message.
let server: EdgeTestServer
let editor: SanityClient
let token: string

beforeAll(async () => {
  server = await startEdgeTestServer()
  const user = await server.accounts.users.create({
    email: 'm@example.com',
    name: 'M',
    role: 'editor',
    password: 'p',
  })
  token = server.accounts.sessions.create(user.id).token
  editor = server.client(token, '2025-02-19')
})
afterAll(() => server.close())

/** A distinct image per call: the same bytes would return the first upload's document. */
let seed = 0
async function photo(width = 120, height = 80): Promise<Buffer> {
  seed++
  const block = await sharp({
    create: { width: width / 2, height, channels: 3, background: { r: 200, g: 40 + seed, b: 30 } },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 50, b: 110 + seed } } })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg()
    .toBuffer()
}

const upload = async (bytes: Buffer, extract?: string[]) =>
  (await editor.assets.upload(
    'image',
    bytes,
    extract ? { extract: extract as never } : {},
  )) as unknown as AssetDocument

const SWATCHES = ['darkMuted', 'darkVibrant', 'dominant', 'lightMuted', 'lightVibrant', 'muted', 'vibrant']

async function post(query: string, body: Buffer, contentType = 'image/jpeg') {
  const res = await fetch(`${server.url}/content/v2025-02-19/assets/images/production${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('image metadata on upload', () => {
  it("extracts Sanity's defaults when the upload names nothing: blurHash, lqip and the full palette", async () => {
    const asset = await upload(await photo())
    const stored = (await editor.getDocument(asset._id)) as unknown as AssetDocument
    expect(stored.metadata).toEqual(asset.metadata)
    const { metadata } = stored
    expect(metadata).toMatchObject({
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width: 120, height: 80, aspectRatio: 1.5 },
      hasAlpha: false,
      isOpaque: true,
      lqip: expect.stringMatching(/^data:image\/jpeg;base64,/),
      // 5 x 4 components: size flag "V", 44 characters.
      blurHash: expect.stringMatching(/^V.{43}$/),
    })
    expect(Object.keys(metadata!.palette!).sort()).toEqual(['_type', ...SWATCHES])
    for (const name of SWATCHES) {
      expect(metadata!.palette![name as 'vibrant']).toEqual({
        _type: 'sanity.imagePaletteSwatch',
        background: expect.stringMatching(/^#[0-9a-f]{6}$/),
        foreground: expect.stringMatching(/^#(000|fff)$/),
        title: expect.stringMatching(/^#(000|fff)$/),
        population: expect.any(Number),
      })
    }
    // GROQ sees the same fields the Studio and the site query.
    const queried = await editor.fetch(
      '*[_id == $id][0].metadata{blurHash, "vibrant": palette.vibrant.background}',
      {
        id: asset._id,
      },
    )
    expect(queried).toEqual({ blurHash: metadata!.blurHash, vibrant: metadata!.palette!.vibrant.background })
  })

  it('extracts only the parts `extract` names; an empty list means none (the client sends meta=none)', async () => {
    const palette = await upload(await photo(), ['palette'])
    expect(palette.metadata!.palette!.vibrant).toBeDefined()
    expect(palette.metadata).not.toHaveProperty('blurHash')
    expect(palette.metadata).not.toHaveProperty('lqip')

    const placeholders = await upload(await photo(), ['blurhash', 'lqip'])
    expect(placeholders.metadata).toHaveProperty('blurHash')
    expect(placeholders.metadata).toHaveProperty('lqip')
    expect(placeholders.metadata).not.toHaveProperty('palette')

    const none = await upload(await photo(), [])
    expect(Object.keys(none.metadata!).sort()).toEqual(['_type', 'dimensions', 'hasAlpha', 'isOpaque'])
    expect(((await editor.getDocument(none._id)) as unknown as AssetDocument).metadata).toEqual(none.metadata)
  })

  it('extracts EXIF tags, Exif metadata and the GPS location on request, and `extract` as the parameter name', async () => {
    // libvips writes this EXIF block (our reader is not involved in making it).
    const withExif = async () =>
      sharp(await photo())
        .withExif({
          IFD0: { Make: 'RICOH', Model: 'GR IIIx', DateTime: '2025:02:21 18:37:52' },
          IFD2: {
            ISOSpeedRatings: '200',
            ExposureTime: '1/640',
            FNumber: '28/10',
            DateTimeOriginal: '2025:01:23 22:36:48',
          },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '19/1 10/1 3600/100',
            GPSLongitudeRef: 'W',
            GPSLongitude: '96/1 8/1 0/1',
            GPSAltitudeRef: '0',
            GPSAltitude: '120/10',
          },
        })
        .jpeg()
        .toBuffer()
    const asset = await upload(await withExif(), ['exif', 'image', 'location', 'thumbhash'])
    const { metadata } = (await editor.getDocument(asset._id)) as unknown as AssetDocument
    expect(metadata!.image).toMatchObject({
      _type: 'sanity.imageExifTags',
      Make: 'RICOH',
      Model: 'GR IIIx',
      ModifyDate: '2025-02-21T18:37:52.000Z',
      ExifOffset: expect.any(Number),
    })
    expect(metadata!.exif).toMatchObject({
      _type: 'sanity.imageExifMetadata',
      ISO: 200,
      ExposureTime: 1 / 640,
      FNumber: 2.8,
      DateTimeOriginal: '2025-01-23T22:36:48.000Z',
    })
    expect(metadata!.location).toEqual({
      _type: 'geopoint',
      lat: 19.17666666666667,
      lng: -96.13333333333334,
      alt: 12,
    })
    // thumbhash is accepted (the client may send it) but not extracted; the defaults were not asked for.
    expect(metadata).not.toHaveProperty('thumbHash')
    expect(metadata).not.toHaveProperty('blurHash')
    // Sanity's defaults leave EXIF and location out.
    const plain = await upload(await withExif())
    expect(plain.metadata).not.toHaveProperty('exif')
    expect(plain.metadata).not.toHaveProperty('image')
    expect(plain.metadata).not.toHaveProperty('location')

    const aliased = await post('?extract=palette', await photo())
    expect(aliased.status).toBe(200)
    expect(Object.keys((aliased.body.document as AssetDocument).metadata!)).toContain('palette')
    const commas = await post('?meta=blurhash,palette', await photo())
    expect(Object.keys((commas.body.document as AssetDocument).metadata!).sort()).toEqual([
      '_type',
      'blurHash',
      'dimensions',
      'hasAlpha',
      'isOpaque',
      'palette',
    ])
  })

  it('refuses unknown parts with a 400 and a JSON message, through the client and over HTTP', async () => {
    await expect(upload(await photo(), ['palette', 'bogus'])).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('"bogus"'),
    })
    for (const query of [
      '?meta=bogus',
      '?meta=none&meta=palette',
      '?meta=dimensions',
      `?meta=${'x'.repeat(5000)}`,
    ]) {
      const res = await post(query, await photo())
      expect(res.status, query).toBe(400)
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.any(String) })
      expect(String(res.body.message).length).toBeLessThan(400)
    }
    const many = await post(`?${Array.from({ length: 50 }, () => 'meta=lqip').join('&')}`, await photo())
    expect(many.status).toBe(400)
  })

  it('answers corrupt and oversized images with a 400 and keeps serving', async () => {
    const jpeg = await photo(400, 300)
    for (const bytes of [
      jpeg.subarray(0, jpeg.length / 3), // truncated mid-scan
      Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(4000, 0x41)]), // garbage after the header
      // A PNG header claiming 60000 x 60000 pixels (a decompression bomb's shape).
      Buffer.from('89504e470d0a1a0a0000000d494844520000ea600000ea600806000000', 'hex'),
    ]) {
      // Refused whichever parts are asked for: the pixels are always decoded once.
      for (const query of ['', '?meta=none']) {
        const res = await post(query, bytes)
        expect(res.status).toBe(400)
        expect(res.body.message).toEqual(expect.any(String))
      }
    }
    expect((await upload(await photo())).metadata!.blurHash).toBeDefined()
  })
})
