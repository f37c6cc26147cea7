import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { bodyOf, createRendition } from './rendition'

const html = (rows: number) =>
  `<!doctype html><ul>${Array.from({ length: rows }, (_, i) => `<li>Show ${i} at the Teatro ${i % 7}</li>`).join('')}</ul>`

const valueOf = (head: string[], name: string) => head[head.indexOf(name) + 1]

describe('createRendition', () => {
  it('keeps a page large enough to compress as brotli and gzip only, and makes the body as is on demand', async () => {
    const body = html(2000)
    const rendition = await createRendition({ status: 200, contentType: 'text/html; charset=utf-8', body })
    expect(rendition.identity).toBeUndefined()
    expect(bodyOf(rendition, 'identity').toString()).toBe(body)
    expect(brotliDecompressSync(bodyOf(rendition, 'br')).toString()).toBe(body)
    expect(gunzipSync(bodyOf(rendition, 'gzip')).toString()).toBe(body)
    // Each head names its own form's length, the one made on demand included.
    expect(valueOf(rendition.heads.identity, 'content-length')).toBe(String(Buffer.byteLength(body)))
    expect(valueOf(rendition.heads.br, 'content-length')).toBe(String(rendition.br!.length))
    expect(rendition.heads.identity).not.toContain('content-encoding')
    expect(valueOf(rendition.heads.gzip, 'content-encoding')).toBe('gzip')
  })

  it('counts what it holds: both compressed forms, each in a buffer of its own size, and not the body as is', async () => {
    const body = html(2000)
    const rendition = await createRendition({ status: 200, contentType: 'text/html; charset=utf-8', body })
    const forms = rendition.br!.length + rendition.gzip!.length
    expect(rendition.bytes).toBeGreaterThan(forms)
    expect(rendition.bytes).toBeLessThan(forms + 4096)
    expect(rendition.bytes).toBeLessThan(Buffer.byteLength(body) / 4)
    // zlib's output is a view of a larger chunk; a stored form must not keep that chunk alive.
    for (const form of [rendition.br!, rendition.gzip!]) expect(form.buffer.byteLength).toBe(form.length)
  })

  it('keeps a body too small to compress as it is, in a buffer of its own size', async () => {
    const rendition = await createRendition({ status: 200, contentType: 'text/plain', body: 'User-agent: *' })
    expect(rendition.gzip).toBeUndefined()
    expect(rendition.br).toBeUndefined()
    expect(bodyOf(rendition, 'identity').toString()).toBe('User-agent: *')
    expect(rendition.identity!.buffer.byteLength).toBe(rendition.identity!.length)
  })

  it('gives equal bodies the same ETag whichever forms it keeps', async () => {
    const body = html(100)
    const [a, b] = await Promise.all(
      [body, Buffer.from(body)].map((input) =>
        createRendition({ status: 200, contentType: 'text/html; charset=utf-8', body: input }),
      ),
    )
    expect(a!.etag).toBe(b!.etag)
  })
})
