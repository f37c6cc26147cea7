import type { SanityClient } from '@sanity/client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../../testing/edge-test-server'
import { assetDocumentIdOf } from '../asset-document-ids'

// A deleted asset document takes its URLs with it, as on Sanity's CDN (ADR 140).
let server: EdgeTestServer
let editor: SanityClient

beforeAll(async () => {
  server = await startEdgeTestServer()
  const user = await server.accounts.users.create({
    email: 'd@example.com',
    name: 'D',
    role: 'editor',
    password: 'p',
  })
  editor = server.client(server.accounts.sessions.create(user.id).token, '2025-02-19')
})
afterAll(() => server.close())

describe('deleted assets', () => {
  it('serve 404 once the image asset document is deleted, variants included', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const asset = await editor.assets.upload('image', png, { filename: 'gone.png' })
    expect((await fetch(server.url + asset.url)).status).toBe(200)
    expect((await fetch(`${server.url}${asset.url}?w=20`)).status).toBe(200)
    // Still referenced: the delete is refused and the file keeps serving.
    await editor.create({
      _id: 'poster',
      _type: 'poster',
      image: { _type: 'image', asset: { _type: 'reference', _ref: asset._id } },
    })
    await expect(editor.delete(asset._id)).rejects.toMatchObject({ statusCode: 409 })
    expect((await fetch(server.url + asset.url)).status).toBe(200)
    await editor.transaction().delete('poster').delete(asset._id).commit()
    const gone = await fetch(server.url + asset.url)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ error: { type: 'notFound' } })
    expect((await fetch(`${server.url}${asset.url}?w=20`)).status).toBe(404)
  })

  it('serve 404 once the file asset document is deleted', async () => {
    const asset = await editor.assets.upload('file', Buffer.from('%PDF-1.4\n%%EOF\n'), {
      filename: 'rider.pdf',
      contentType: 'application/pdf',
    })
    expect((await fetch(server.url + asset.url)).status).toBe(200)
    await editor.delete(asset._id)
    expect((await fetch(server.url + asset.url)).status).toBe(404)
  })

  it('maps file names to Sanity asset ids', () => {
    const sha = 'a'.repeat(40)
    expect(assetDocumentIdOf('image', `${sha}-640x480.png`)).toBe(`image-${sha}-640x480-png`)
    expect(assetDocumentIdOf('file', `${sha}.pdf`)).toBe(`file-${sha}-pdf`)
    expect(assetDocumentIdOf('file', `${sha}-640x480.png`)).toBeNull()
  })
})
