import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Renderer } from '../ssr/renderer'
import { startDraftApp, type DraftApp } from './testing/draft-app'

/**
 * Draft renders take turns apart from the fans' pages (issue 36): every draft page is a new render on the event
 * loop that answers everyone, so one session asking for many at once kept the loop busy for all. Through the real
 * app, with the renders watched.
 */
describe('draft render share', { timeout: 120_000 }, () => {
  let app: DraftApp
  let running = 0
  let mostAtOnce = 0
  const order: string[] = []
  beforeAll(async () => {
    app = await startDraftApp({
      renderer: (renderer): Renderer => ({
        ...renderer,
        render: async (request, options) => {
          mostAtOnce = Math.max(mostAtOnce, ++running)
          try {
            return await renderer.render(request, options)
          } finally {
            running--
            if (options.draftMode) order.push(new URL(request.url).searchParams.get('who') ?? '')
          }
        },
      }),
    })
  })
  afterAll(() => app?.close())

  const draftPage = (cookie: string, who: string) =>
    fetch(`${app.url}/?who=${who}`, { headers: { cookie, accept: 'application/json' } })

  it('renders one draft page at a time, and a second session goes before the first one’s backlog', async () => {
    const [busy, other] = [await app.draftCookie(), await app.draftCookie()]
    mostAtOnce = 0
    order.length = 0
    const backlog = Array.from({ length: 8 }, () => draftPage(busy, 'busy'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const second = draftPage(other, 'other')
    const answers = await Promise.all([...backlog, second])
    expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(200))
    expect(mostAtOnce).toBe(1)
    // At most the render running and the one next in line when the other session arrived went first.
    expect(order.indexOf('other')).toBeLessThanOrEqual(2)
  })

  it('answers 429 with a message, no render, past the share', async () => {
    const cookie = await app.draftCookie()
    const answers = await Promise.all(Array.from({ length: 24 }, () => draftPage(cookie, 'flood')))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    expect(await refused[0]!.json()).toEqual({
      message: 'Too many draft pages are being rendered; try again in a moment',
    })
    // Fans meanwhile: the stored page, at once.
    const fan = await fetch(`${app.url}/`)
    expect(fan.headers.get('cache-control')).toMatch(/^public/)
  })
})
