import { ChannelError, type ListenEvent } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from './testing/test-server'

// Listener defaults as Sanity's, driven with the official client (ADR 140).
let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

type Mutation = Extract<ListenEvent<Record<string, unknown>>, { type: 'mutation' }>

async function listen(options: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const events: Mutation[] = []
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  const subscription = t
    .client('admin', config)
    .listen('*[_type == "gig"]', {}, { events: ['welcome', 'mutation'], ...options })
    .subscribe((event) => (event.type === 'welcome' ? welcomed() : events.push(event as Mutation)))
  await welcome
  return { events, stop: () => subscription.unsubscribe() }
}

async function settle(check: () => boolean) {
  const deadline = Date.now() + 10_000
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  await new Promise((r) => setTimeout(r, 100))
}

describe('listener defaults', () => {
  it('hears published documents only on API 2025-02-19 unless asked for all versions; older versions hear drafts', async () => {
    const current = await listen({})
    const all = await listen({ includeAllVersions: true })
    const old = await listen({}, { apiVersion: '2021-06-07' })
    const client = t.client('admin')
    await client.create({ _id: 'drafts.g1', _type: 'gig' })
    await client.create({ _id: 'versions.spring.g1', _type: 'gig' })
    await client.create({ _id: 'g1', _type: 'gig' })
    await settle(() => all.events.length >= 3 && old.events.length >= 2 && current.events.length >= 1)
    for (const l of [current, all, old]) l.stop()
    expect(current.events.map((e) => e.documentId)).toEqual(['g1'])
    expect(old.events.map((e) => e.documentId)).toEqual(['drafts.g1', 'g1'])
    expect(all.events.map((e) => e.documentId)).toEqual(['drafts.g1', 'versions.spring.g1', 'g1'])
  })

  it('hears drafts when the URL asks for a perspective that shows them', async () => {
    const controller = new AbortController()
    const res = await fetch(
      `${t.apiHost}/v2025-02-19/data/listen/production?query=*[_type=="gig"]&perspective=drafts`,
      {
        headers: { authorization: 'Bearer test-admin-token' },
        signal: controller.signal,
      },
    )
    const reader = res.body!.getReader()
    let text = ''
    while (!text.includes('event: welcome')) text += new TextDecoder().decode((await reader.read()).value)
    await t.client('admin').create({ _id: 'drafts.g2', _type: 'gig' })
    while (!text.includes('event: mutation')) text += new TextDecoder().decode((await reader.read()).value)
    controller.abort()
    expect(text).toContain('"documentId":"drafts.g2"')
  })

  it('sends result only when includeResult is on (the client turns it on unless told not to)', async () => {
    const withResult = await listen({})
    const without = await listen({ includeResult: false })
    await t.client('admin').create({ _id: 'g3', _type: 'gig', city: 'Galway' })
    await settle(() => withResult.events.length >= 1 && without.events.length >= 1)
    withResult.stop()
    without.stop()
    expect(withResult.events[0]!.result).toMatchObject({ _id: 'g3', city: 'Galway' })
    expect(without.events[0]).not.toHaveProperty('result')
    expect(without.events[0]!.documentId).toBe('g3')
  })
})

describe('listener errors', () => {
  async function listenerError(query: string, config: Record<string, unknown> = {}) {
    return new Promise<unknown>((resolve) => {
      t.client('admin', config)
        .listen(query, {})
        .subscribe({ next: () => undefined, error: resolve, complete: () => resolve(undefined) })
    })
  }

  it('raises ChannelError with the GROQ message and code frame for a malformed query', async () => {
    const error = await listenerError('*[_type == "gig"')
    expect(error).toBeInstanceOf(ChannelError)
    expect((error as Error).message).toContain('GROQ query parse error')
    expect((error as Error).message).toContain('*[_type == "gig"')
  })

  it('raises ChannelError naming the dataset for an unknown dataset', async () => {
    const error = await listenerError('*', { dataset: 'nosuch' })
    expect(error).toBeInstanceOf(ChannelError)
    expect((error as Error).message).toContain('Dataset "nosuch" not found')
  })
})
