/**
 * Image metadata extraction cost (ADR 140): uploads of a 4000x3000 JPEG with `extract: []` (dimensions and
 * alpha only), Sanity's defaults (blurhash, lqip, palette) and each part alone, interleaved, median of ROUNDS;
 * the longest event-loop stall during each mode's uploads; and the synchronous JavaScript part alone (BlurHash
 * and palette over the 64 px sample), which is all that runs on the event loop.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import os from 'node:os'
import sharp from 'sharp'
import { encodeBlurHash } from '../../server/content-api/assets/blurhash'
import { SAMPLE_SIZE } from '../../server/content-api/assets/image-metadata'
import { imagePalette } from '../../server/content-api/assets/image-palette'
import { startEdgeTestServer } from '../../server/content-api/testing/edge-test-server'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const WIDTH = 4000
const HEIGHT = 3000
const MODES: [string, string[] | undefined][] = [
  ['none (extract: [])', []],
  ['defaults (blurhash, lqip, palette)', undefined],
  ['blurhash only', ['blurhash']],
  ['palette only', ['palette']],
  ['lqip only', ['lqip']],
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function photoBase(): Promise<Buffer> {
  // Noise blurred: compresses and decodes like a photo.
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3)
  let x = 2654435761
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    raw[i] = (x >>> 16) & 0xff
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(3)
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** A distinct JPEG per upload (same bytes would return the first upload's document without extracting). */
async function photo(base: Buffer, n: number): Promise<Buffer> {
  const mark = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: n % 256, g: 90, b: 30 } },
  })
    .png()
    .toBuffer()
  return sharp(base)
    .composite([{ input: mark, left: (n * 70) % (WIDTH - 64), top: 8 }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

async function main() {
  const server = await startEdgeTestServer({ LOG_LEVEL: 'silent', CONTENT_UPLOAD_LIMIT_MB: '100' })
  try {
    const user = await server.accounts.users.create({
      email: 'b@example.com',
      name: 'B',
      role: 'editor',
      password: 'p',
    })
    const client = server.client(server.accounts.sessions.create(user.id).token)
    const base = await photoBase()
    const times = new Map<string, number[]>(MODES.map(([label]) => [label, []]))
    const stalls = new Map<string, number>(MODES.map(([label]) => [label, 0]))
    let n = 0
    let size = 0
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, extract] of MODES) {
        const bytes = await photo(base, n++)
        size = bytes.length
        const delay = monitorEventLoopDelay({ resolution: 5 })
        delay.enable()
        const start = performance.now()
        await client.assets.upload('image', bytes, {
          filename: `p${n}.jpg`,
          ...(extract ? { extract: extract as never } : {}),
        })
        times.get(label)!.push(performance.now() - start)
        delay.disable()
        stalls.set(label, Math.max(stalls.get(label)!, delay.max / 1e6))
      }
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${os.cpus().length} cores`,
    )
    console.log(
      `upload ${WIDTH}x${HEIGHT} JPEG (~${Math.round(size / 1024)} KB), median of ${ROUNDS}, interleaved:`,
    )
    const baseline = median(times.get(MODES[0]![0])!)
    for (const [label] of MODES) {
      const m = median(times.get(label)!)
      console.log(
        `  ${label.padEnd(36)} ${m.toFixed(0).padStart(6)} ms  (x${(m / baseline).toFixed(2)} of none, +${(m - baseline).toFixed(0)} ms)  longest event-loop stall ${stalls.get(label)!.toFixed(1)} ms`,
      )
    }

    const { data, info } = await sharp(await photo(base, n++))
      .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = { data, width: info.width, height: info.height, channels: info.channels }
    const sync = (run: () => unknown) => {
      const samples: number[] = []
      for (let i = 0; i < 50; i++) {
        const start = performance.now()
        run()
        samples.push(performance.now() - start)
      }
      return median(samples)
    }
    console.log(
      `synchronous JavaScript on the ${info.width}x${info.height} sample, median of 50: BlurHash ${sync(() => encodeBlurHash(pixels, 5, 4)).toFixed(2)} ms, palette ${sync(() => imagePalette(pixels)).toFixed(2)} ms`,
    )
  } finally {
    await server.close()
  }
}

await main()
