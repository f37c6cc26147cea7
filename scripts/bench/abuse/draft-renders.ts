import { randomBytes } from 'node:crypto'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import type { AbuseTarget } from '../../../server/testing/abuse-server'

const LOOPS = 8
/** 200 draft pages in all: a draft renderer's working set is reached within them (docs/logs/serving-measurements.md). */
const WARM_UP_PER_LOOP = 25
const PAGES = ['/', '/news', '/shows/past', '/news/anniversary-tour']
let cookie = ''

/** A preview secret as the Studio's Presentation tool writes it, and the draft session it opens. */
async function draftSession(target: AbuseTarget): Promise<string> {
  const secret = randomBytes(16).toString('hex')
  const id = `drafts.bench-preview-secret-${secret.slice(0, 8)}`
  const written = await fetch(`${target.dataUrl}/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.tokens.editor}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      mutations: [
        {
          create: {
            _id: id,
            _type: 'sanity.previewUrlSecret',
            secret,
            source: 'presentation',
            studioUrl: `${target.url}/admin`,
          },
        },
      ],
    }),
  })
  if (!written.ok) throw new Error(`writing the preview secret answered ${written.status}`)
  const enabled = await fetch(`${target.url}/api/preview/enable?sanity-preview-secret=${secret}`, {
    redirect: 'manual',
  })
  const session = enabled.headers.get('set-cookie')?.split(';')[0]
  if (enabled.status !== 307 || !session) throw new Error(`enable answered ${enabled.status}`)
  return session
}

/**
 * Issue 36: one draft session asking for uncached draft pages from 8 loops (every draft page is a new render),
 * and the server's memory before and after.
 */
const scenario: AbuseScenario = {
  row: 36,
  name: 'Draft renders: one draft session, 8 loops of uncached draft pages',
  async prepare(target) {
    cookie = await draftSession(target)
    // What the first draft renders load for good (modules, the render thread, its heap at the attack's pace) is
    // loaded before the memory is measured: what the attack leaves on top of it is what it keeps.
    await Promise.all(
      Array.from({ length: LOOPS }, async (_, loop) => {
        for (let i = 0; i < WARM_UP_PER_LOOP; i++) {
          const page = PAGES[(loop + i) % PAGES.length]!
          await (await fetch(`${target.url}${page}`, { headers: { cookie } })).arrayBuffer()
        }
      }),
    )
  },
  start(target) {
    let running = true
    const statuses = new Map<number, number>()
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      for (let i = loop; running; i++) {
        const status = await fetch(`${target.url}${PAGES[i % PAGES.length]}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(20_000),
        }).then(
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
        return `draft answers: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`
      },
    }
  },
}
export default scenario
