import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gzipInThread } from './gzip-in-thread'

async function gzipped(chunks: Buffer[]) {
  const out: Buffer[] = []
  for await (const piece of gzipInThread(
    (async function* () {
      yield* chunks
    })(),
  ))
    out.push(piece)
  return Buffer.concat(out)
}

describe('gzipInThread', () => {
  it('makes one gzip member that any gunzip reads back, whatever the chunks', async () => {
    let seed = 5
    const next = () => (seed = (seed * 48271) % 2147483647)
    const rows = Array.from(
      { length: 40_000 },
      (_, i) => `fan${i}@example.com,Número ${next() % 997},"a, b"\r\n`,
    )
    const text = Buffer.from(rows.join(''))
    // Chunks of every size, across block boundaries; none; one empty.
    const chunks: Buffer[] = []
    for (let at = 0; at < text.length;) {
      const size = next() % 70_000
      chunks.push(text.subarray(at, at + size))
      at += size
    }
    const zipped = await gzipped(chunks)
    expect(gunzipSync(zipped).equals(text)).toBe(true)
    expect(zipped.length).toBeLessThan(text.length / 3)
    expect(gunzipSync(await gzipped([])).length).toBe(0)
    expect(gunzipSync(await gzipped([Buffer.alloc(0), Buffer.from('é')])).toString()).toBe('é')
  })
})
