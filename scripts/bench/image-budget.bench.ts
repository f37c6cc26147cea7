/**
 * Image transform budget (ADR 085): the costly transform (`w=4096&h=4096&fit=scale&blur=2000&fm=png`)
 * rendered without limits, as before the budget, beside what the server answers for it now, in one run.
 * CPU time is the process's user+system time (sharp's threads included).
 */
import sharp from 'sharp'
import { blurSigma } from '../../server/content-api/assets/transform-budget'
import { startEdgeTestServer } from '../../server/content-api/testing/edge-test-server'

const ATTACK = 'w=4096&h=4096&fit=scale&blur=2000&fm=png'

async function cpu<T>(run: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const before = process.cpuUsage()
  const start = performance.now()
  const value = await run()
  const used = process.cpuUsage(before)
  return { value, wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 }
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
    // A noisy 1600x900 JPEG decodes and encodes like a photo.
    const raw = Buffer.alloc(1600 * 900 * 3)
    let x = 2654435761
    for (let i = 0; i < raw.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0
      raw[i] = (x >>> 16) & 0xff
    }
    const png = await sharp(raw, { raw: { width: 1600, height: 900, channels: 3 } })
      .blur(2)
      .jpeg({ quality: 85 })
      .toBuffer()
    const asset = await server
      .client(server.accounts.sessions.create(user.id).token)
      .assets.upload('image', png)
    const name = asset.url.split('/').pop()!
    const source = server.assets.files.imagePath('production', name)

    // Without the budget: the pipeline the server used to run for this URL (resize, blur, encode), unbounded.
    const before = await cpu(() =>
      sharp(source).rotate().resize(4096, 4096, { fit: 'fill' }).blur(blurSigma(2000)).png().toBuffer(),
    )
    const after = await cpu(() => fetch(`${server.url}${asset.url}?${ATTACK}`).then((res) => res.status))

    // The most blur the budget allows at blur=2000 (about 1.1 x 1.1 megapixels): what a render may still cost.
    const allowed = await cpu(() =>
      fetch(`${server.url}${asset.url}?w=1100&h=1100&fit=scale&blur=2000&fm=png`).then((res) => res.status),
    )

    console.log(`transform ${ATTACK}`)
    const beforeNote = `${before.value.length} bytes`
    console.log(
      `  unbounded render: ${before.wallMs.toFixed(0)} ms wall, ${before.cpuMs.toFixed(0)} ms CPU (${beforeNote})`,
    )
    console.log(
      `  with the budget:  ${after.wallMs.toFixed(1)} ms wall, ${after.cpuMs.toFixed(1)} ms CPU (HTTP ${after.value})`,
    )
    console.log(
      `  largest allowed blur (1100x1100, blur=2000): ${allowed.wallMs.toFixed(0)} ms wall, ${allowed.cpuMs.toFixed(0)} ms CPU (HTTP ${allowed.value})`,
    )
    console.log(`  ratio (CPU):      ${(before.cpuMs / Math.max(after.cpuMs, 0.1)).toFixed(0)}x less`)
  } finally {
    await server.close()
  }
}

await main()
