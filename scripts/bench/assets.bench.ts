/**
 * Asset figures: upload of a 1600x900 JPEG (hash, metadata, lqip, store commit), first render of image variants
 * (WebP and AVIF at 800 px), and serving from the disk cache and the original over HTTP (autocannon).
 */
import autocannon from 'autocannon'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { startEdgeTestServer } from '../../server/content-api/testing/edge-test-server'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = 8

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const ms = (value: number) => `${value.toFixed(1)} ms`

async function photo(seed: number): Promise<Buffer> {
  // Noise compresses like a photo, so encode and resize times are realistic.
  const raw = Buffer.alloc(1600 * 900 * 3)
  let x = seed * 2654435761
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    raw[i] = (x >>> 16) & 0xff
  }
  return sharp(raw, { raw: { width: 1600, height: 900, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer()
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now()
  const value = await run()
  return [value, performance.now() - start]
}

async function main() {
  const server = await startEdgeTestServer({ LOG_LEVEL: 'silent' })
  try {
    const user = await server.accounts.users.create({
      email: 'b@example.com',
      name: 'B',
      role: 'editor',
      password: 'p',
    })
    const client = server.client(server.accounts.sessions.create(user.id).token)
    const images = createImageUrlBuilder({
      baseUrl: `${server.url}/content`,
      projectId: 'local',
      dataset: 'production',
    })

    const uploads: number[] = []
    const webp: number[] = []
    const avif: number[] = []
    let lastId = ''
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = await photo(round + 1)
      const [asset, took] = await timed(() =>
        client.assets.upload('image', bytes, { filename: `p${round}.jpg` }),
      )
      uploads.push(took)
      lastId = asset._id
      const url = images.image(asset._id).width(800).auto('format').url()
      webp.push(
        (
          await timed(() => fetch(url, { headers: { accept: 'image/webp' } }).then((r) => r.arrayBuffer()))
        )[1],
      )
      avif.push(
        (
          await timed(() => fetch(url, { headers: { accept: 'image/avif' } }).then((r) => r.arrayBuffer()))
        )[1],
      )
    }
    console.log(
      `upload 1600x900 JPEG (~${Math.round((await photo(1)).length / 1024)} KB), median of ${ROUNDS}: ${ms(median(uploads))}`,
    )
    console.log(`first render w=800 WebP: ${ms(median(webp))}   AVIF: ${ms(median(avif))}`)

    for (const [label, url, accept] of [
      ['cached variant (w=800, WebP)', images.image(lastId).width(800).auto('format').url(), 'image/webp'],
      ['original file', images.image(lastId).url(), '*/*'],
    ] as const) {
      const result = await autocannon({ url, connections: 10, duration: DURATION, headers: { accept } })
      console.log(
        `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
      )
    }
  } finally {
    await server.close()
  }
}

await main()
