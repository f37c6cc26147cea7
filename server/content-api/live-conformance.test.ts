import type { LiveEvent, LiveEventMessage, SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from './testing/test-server'

// syncTags and the Live Content API as Sanity documents them, driven with the official client (ADR 140).
let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
  await t.client('admin').createOrReplace({ _id: 'v1', _type: 'venue', name: 'Whelans' })
  await t
    .client('admin')
    .createOrReplace({ _id: 'g0', _type: 'gig', venue: { _ref: 'v1', _type: 'reference' } })
  await t.client('admin').createOrReplace({ _id: 'n0', _type: 'note', text: 'unrelated' })
})
afterAll(() => t.close())

async function tagsOf(client: SanityClient, query: string): Promise<string[]> {
  const response = await client.fetch(query, {}, { filterResponse: false })
  return response.syncTags ?? []
}

/** Follows `client.live.events()` until its welcome; `events` collects what comes after. */
async function follow(client: SanityClient, options: { includeDrafts?: boolean } = {}) {
  const events: LiveEvent[] = []
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  const subscription = client.live.events(options).subscribe({
    next: (event) => (event.type === 'welcome' ? welcomed() : events.push(event)),
  })
  await welcome
  return { events, stop: () => subscription.unsubscribe() }
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 10_000
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
}

const messages = (events: LiveEvent[]) => events.filter((e): e is LiveEventMessage => e.type === 'message')
const intersects = (a: string[], b: string[]) => a.some((tag) => b.includes(tag))

describe('syncTags on query responses', () => {
  it('answers opaque s1: tags with the result (filterResponse: false), the same on a cached answer', async () => {
    const client = t.client()
    const first = await client.fetch('*[_type == "gig"]', {}, { filterResponse: false })
    expect(first.syncTags!.length).toBeGreaterThan(0)
    for (const tag of first.syncTags!) expect(tag).toMatch(/^s1:[\w-]+$/)
    const again = await client.fetch('*[_type == "gig"]', {}, { filterResponse: false })
    expect(again.syncTags).toEqual(first.syncTags)
    // Tags say what a query read: a query over other documents has other tags.
    expect(intersects(first.syncTags!, await tagsOf(client, '*[_type == "note"]'))).toBe(false)
  })

  it('sends none before API version 2021-03-25, as Sanity', async () => {
    const old = await t
      .client(undefined, { apiVersion: '2021-03-24' })
      .fetch('*', {}, { filterResponse: false })
    expect(old).not.toHaveProperty('syncTags')
  })
})

describe('client.live.events()', () => {
  it('delivers a message whose tags intersect a query after a publish that changes its result, and not for an unrelated document', async () => {
    const client = t.client()
    const gigs = await tagsOf(client, '*[_type == "gig"]{_id, "venue": venue->name}')
    const live = await follow(client)
    const admin = t.client('admin')

    await admin.createOrReplace({ _id: 'n1', _type: 'note', text: 'someone else' })
    await until(() => messages(live.events).length >= 1)
    expect(messages(live.events)).toHaveLength(1)
    expect(intersects(messages(live.events)[0]!.tags, gigs)).toBe(false)

    await admin.createOrReplace({ _id: 'g1', _type: 'gig', city: 'Galway' })
    await until(() => messages(live.events).length >= 2)
    expect(intersects(messages(live.events)[1]!.tags, gigs)).toBe(true)

    // A document the query reads through a reference, not through its filter.
    await admin.patch('v1').set({ name: "Whelan's" }).commit()
    await until(() => messages(live.events).length >= 3)
    live.stop()
    expect(intersects(messages(live.events)[2]!.tags, gigs)).toBe(true)
    for (const message of messages(live.events)) expect(message.id).toEqual(expect.any(String))
  })

  it('reports drafts only to a stream that asks for them with a token that may read them', async () => {
    const published = await follow(t.client())
    const drafts = await follow(t.client('viewer'), { includeDrafts: true })
    await t.client('admin').createOrReplace({ _id: 'drafts.g0', _type: 'gig', city: 'Cork' })
    await until(() => messages(drafts.events).length >= 1)
    await new Promise((r) => setTimeout(r, 200))
    published.stop()
    drafts.stop()
    expect(messages(published.events)).toEqual([])
    const draftsView = await tagsOf(t.client('viewer', { perspective: 'drafts' }), '*[_id == "g0"][0]')
    expect(intersects(messages(drafts.events)[0]!.tags, draftsView)).toBe(true)
    expect(() => t.client().live.events({ includeDrafts: true })).toThrow(/token/)
    const anonymous = await fetch(`${t.apiHost}/v2025-02-19/data/live/events/production?includeDrafts=true`)
    expect(anonymous.status).toBe(401)
  })
})

describe('Last-Event-ID', () => {
  async function read(lastEventId: string | undefined, want: RegExp) {
    const controller = new AbortController()
    const res = await fetch(`${t.apiHost}/v2025-02-19/data/live/events/production`, {
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    let text = ''
    while (!want.test(text)) text += new TextDecoder().decode((await reader.read()).value)
    controller.abort()
    return text
  }

  it('continues after a position it gave out, and answers restart to one it cannot continue from', async () => {
    const welcome = await read(undefined, /event: welcome/)
    const position = /^id: (.+)$/m.exec(welcome)![1]!
    await t.client('admin').createOrReplace({ _id: 'g2', _type: 'gig' })
    await t.client('admin').createOrReplace({ _id: 'g3', _type: 'gig' })
    const resumed = await read(position, /(event: message[\s\S]*){2}/)
    expect(resumed.match(/event: message/g)).toHaveLength(2)
    expect(resumed).not.toContain('event: restart')
    expect(await read('bm90LWEtcG9zaXRpb24', /event: restart/)).toContain('event: restart')
  })
})

describe('stream caps', () => {
  it('refuses a stream over the per-address cap with 429, and frees the slot when a stream closes', async () => {
    const capped = await startTestContentServer({ liveEventsLimits: { anonymousPerClient: 1 } })
    try {
      const url = `${capped.apiHost}/v2025-02-19/data/live/events/production`
      const first = new AbortController()
      expect((await fetch(url, { signal: first.signal })).status).toBe(200)
      const refused = await fetch(url)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ error: { type: 'rateLimited' } })
      first.abort()
      const deadline = Date.now() + 5000
      let status = 429
      while (status === 429 && Date.now() < deadline) {
        const again = new AbortController()
        status = (await fetch(url, { signal: again.signal })).status
        again.abort()
        if (status === 429) await new Promise((r) => setTimeout(r, 50))
      }
      expect(status).toBe(200)
    } finally {
      await capped.close()
    }
  })
})
