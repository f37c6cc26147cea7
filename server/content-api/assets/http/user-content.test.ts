import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../../testing/edge-test-server'
import type { AssetDocument } from '../asset-types'

let server: EdgeTestServer
let token: string

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script>' +
    '<rect width="40" height="20" fill="#c85028"/></svg>',
)

beforeAll(async () => {
  server = await startEdgeTestServer({ IMAGE_TRANSFORM_QUEUE: '0', IMAGE_TRANSFORM_CONCURRENCY: '1' })
  const editor = await server.accounts.users.create({
    email: 'e@example.com',
    name: 'E',
    role: 'editor',
    password: 'p',
  })
  token = server.accounts.sessions.create(editor.id).token
})
afterAll(() => server.close())

async function upload(kind: 'image' | 'file', bytes: Buffer, filename: string): Promise<AssetDocument> {
  return (await server.client(token).assets.upload(kind, bytes, { filename })) as unknown as AssetDocument
}

function expectInert(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
}

describe('user content is never active content', () => {
  it.each([
    ['page.html', '<!doctype html><script>document.title="ran"</script>'],
    ['x.js', 'document.title = "ran"'],
    ['vector.svg', SVG.toString()],
    ['notes.txt', 'plain text'],
    ['data.json', '{"a":1}'],
  ])('serves %s as a download of opaque bytes', async (filename, body) => {
    const asset = await upload('file', Buffer.from(body), filename)
    const res = await fetch(`${server.url}${asset.url}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/)
    expectInert(res)
    expect(await res.text()).toBe(body)
  })

  it('serves media inline with its own type, still sandboxed', async () => {
    const pdf = await upload('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'rider.pdf')
    const res = await fetch(`${server.url}${pdf.url}`)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBeNull()
    expectInert(res)
    const mp3 = await upload('file', Buffer.from('ID3 fake audio'), 'song.mp3')
    expect((await fetch(`${server.url}${mp3.url}`)).headers.get('content-type')).toBe('audio/mpeg')
  })

  it('sends an SVG original as an attachment and its transforms as rasters', async () => {
    const asset = await upload('image', SVG, 'logo.svg')
    const original = await fetch(`${server.url}${asset.url}`)
    expect(original.headers.get('content-type')).toBe('application/octet-stream')
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/)
    expectInert(original)
    const resized = await fetch(`${server.url}${asset.url}?w=80`)
    expect(resized.headers.get('content-type')).toBe('image/png')
    expect(resized.headers.get('content-disposition')).toBeNull()
    expectInert(resized)
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 80,
    })
  })

  it('marks errors under /images and /files as inert too', async () => {
    const res = await fetch(`${server.url}/content/files/local/production/${'0'.repeat(40)}.html`)
    expect(res.status).toBe(404)
    expectInert(res)
  })
})

describe('image transform budget', () => {
  let url: string
  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#203040' } })
      .png()
      .toBuffer()
    url = `${server.url}${(await upload('image', png, 'small.png')).url}`
  })

  it.each([
    ['w=4096&h=4096&fit=scale&blur=2000&fm=png', /at most 16000000 pixels/],
    ['w=2000&h=2000&fit=scale&blur=2000', /blur=2000 is allowed on outputs up to \d+ pixels/],
    ['w=4000&dpr=3', /w times dpr must be at most 8192/],
    ['h=3000&dpr=3', /h times dpr must be at most 8192/],
  ])('refuses %s with a 400 that says why, at once', async (query, message) => {
    const started = performance.now()
    const res = await fetch(`${url}?${query}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { description: string } }).error.description).toMatch(message)
    expectInert(res)
    // No render ran: well under the time even a small render takes on a loaded machine.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('still renders blur on small outputs', async () => {
    const res = await fetch(`${url}?w=200&blur=2000`)
    expect(res.status).toBe(200)
  })

  it('answers 429 when the render queue is full, and keeps serving after', async () => {
    // Concurrency 1 and no waiting line: of several new renders at once, some are refused.
    const results = await Promise.all(
      [101, 102, 103, 104, 105, 106].map((w) => fetch(`${url}?w=${w}&blur=50`)),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses).toContain(200)
    expect(statuses).toContain(429)
    const refused = results[statuses.indexOf(429)]!
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect(((await refused.json()) as { error: { description: string } }).error.description).toMatch(/busy/)
    expect((await fetch(`${url}?w=107`)).status).toBe(200)
  })
})
