import { randomBytes } from 'node:crypto'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'

/** Row 9: random paths (`/<random>`, `/news?page=<random>`) from four loops, each path new. */
const scenario: AbuseScenario = {
  row: 9,
  name: 'Random paths: /<random> and /news?page=<random> from 4 loops',
  start(target) {
    let running = true
    const statuses = new Map<number, number>()
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      for (let i = 0; running; i++) {
        const random = randomBytes(6).toString('hex')
        const path = (loop + i) % 2 === 0 ? `/${random}` : `/news?page=${random}`
        const status = await fetch(`${target.url}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        )
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    })
    return {
      stop: async () => {
        running = false
        await Promise.all(loops)
        return `answers: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`
      },
    }
  },
}
export default scenario
