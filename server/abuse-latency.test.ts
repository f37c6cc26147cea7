import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderPage } from '../web/src/entry-server'
import type { Renderer } from './ssr/renderer'
import { ABUSIVE_QUERIES, compareUnderAbuse, percentile } from './testing/abuse'
import { startAbuseSite, type AbuseSite } from './testing/abuse-site'

/**
 * Issue 12's acceptance test (ADR 080): while 20 anonymous clients send expensive queries, the pages fans
 * load keep their latency. Both sides are measured in this run, in alternating blocks, so load from elsewhere
 * on the machine (other test files) falls on both alike; p99 over a few hundred samples per side.
 */
const TIMEOUT_MS = 1000
const renderer: Renderer = {
  render: (request, options) =>
    renderPage(request, { ...options, assets: { entry: '/assets/entry.js', css: [], preload: [] } }),
  close: async () => {},
}

let site: AbuseSite
beforeAll(async () => {
  site = await startAbuseSite({ renderer, queryLimits: { timeoutMs: TIMEOUT_MS } })
})
afterAll(() => site.close())

describe('the site under abusive queries', () => {
  it('serves / and /healthz with a p99 at most twice the quiet p99, and stops every abusive query at its limit', async () => {
    const home = await fetch(`${site.url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Los Forasteros')

    const measure = async () => {
      const { comparisons, abuse } = await compareUnderAbuse({
        urls: [`${site.url}/`, `${site.url}/healthz`],
        queryUrl: site.queryUrl,
        rounds: 6,
        blockMs: 1500,
        clients: 20,
        // The two CPU-bound ones: they never finish in time on the seed, so each answer must be an error.
        queries: ABUSIVE_QUERIES.slice(0, 2),
      })
      const figures = comparisons.map(({ url, quiet, abused }) => ({
        path: new URL(url).pathname,
        quietP99: Math.round(percentile(quiet, 99)),
        abusedP99: Math.round(percentile(abused, 99)),
        samples: Math.min(quiet.length, abused.length),
      }))
      console.log(figures, `${abuse.length} abusive queries answered`)
      return { abuse, withinTwice: figures.every((f) => f.abusedP99 <= 2 * f.quietP99), figures }
    }
    // A second measurement only when the first failed: a stall elsewhere on a shared machine can land in one
    // block's tail. A real regression (GROQ back on the event loop) blocks for the whole time limit per query
    // and fails both.
    let run = await measure()
    if (!run.withinTwice) run = await measure()
    expect(run.figures.map((f) => f.abusedP99 <= 2 * f.quietP99)).toEqual([true, true])
    const { abuse } = run
    expect(run.figures.every((f) => f.samples >= 20)).toBe(true)

    expect(abuse.length).toBeGreaterThanOrEqual(20)
    for (const answer of abuse) {
      expect([400, 429]).toContain(answer.status)
      // The limit counts from arrival. A query left running would not answer for many limits; a loaded machine's
      // event-loop lag (the unit suite runs beside the browser tests) stays within a few.
      expect(answer.ms).toBeLessThan(5 * TIMEOUT_MS)
    }
  }, 60_000)
})
