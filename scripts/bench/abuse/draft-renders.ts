import { randomBytes } from 'node:crypto'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import type { AbuseTarget } from '../../../server/testing/abuse-server'

const LOOPS = 8
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
    // Whatever the first draft renders load for good (modules, a render thread) is loaded before it is measured.
    for (let i = 0; i < 40; i++) {
      await (await fetch(`${target.url}${PAGES[i % PAGES.length]}`, { headers: { cookie } })).arrayBuffer()
    }
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
