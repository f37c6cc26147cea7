import sharp from 'sharp'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'

let imageUrl = ''
let round = 0

/**
 * Row 14: one address asking for 70 distinct variants (~600 px wide, from a 1000x750 noise image) at once (once per block; the block ends when they
 * are answered, so leftover renders never fall in the next quiet block), and a visitor's new variant.
 */
const scenario: AbuseScenario = {
  row: 14,
  name: 'Image transforms: 70 distinct variants at once from one address',
  async prepare(target) {
    // Noise, so each render does real work.
    const noise = Buffer.alloc(1000 * 750 * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
    const png = await sharp(noise, { raw: { width: 1000, height: 750, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer()
    const res = await fetch(`${target.url}/content/v2025-02-19/assets/images/production?filename=noise.jpg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.tokens.editor}`, 'content-type': 'image/jpeg' },
      body: png,
    })
    const { document } = (await res.json()) as { document: { url: string } }
    imageUrl = new URL(document.url, target.url).href
  },
  start() {
    const base = 640 - 80 * round++
    const statuses = new Map<number, number>()
    const variant = (width: number, client: string) =>
      fetch(`${imageUrl}?w=${width}&fm=jpg`, {
        headers: { 'x-forwarded-for': client },
        signal: AbortSignal.timeout(20_000),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      )
    const flood = (async () => {
      const widths = Array.from({ length: 70 }, (_, i) => base - i)
      for (const status of await Promise.all(widths.map((w) => variant(w, '198.51.100.9'))))
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
    })()
    const visitor = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const started = performance.now()
      const status = await variant(300 + round, '203.0.113.9')
      return `a visitor's new variant: ${status} in ${Math.round(performance.now() - started)} ms`
    })()
    return {
      stop: async () => {
        const seen = await visitor
        await flood
        return `${seen}; flood answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`
      },
    }
  },
}
export default scenario
