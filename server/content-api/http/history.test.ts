import { applyPatch } from 'mendoza'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer
const revs: string[] = []

beforeAll(async () => {
  t = await startTestContentServer()
  const client = t.client('admin')
  revs.push((await client.create({ _id: 'h1', _type: 'song', title: 'A', n: 1 }))._rev)
  revs.push((await client.patch('h1').set({ title: 'B' }).commit())._rev)
  revs.push(
    (
      await client
        .transaction()
        .patch('h1', (p) => p.set({ title: 'C' }).unset(['n']))
        .create({ _id: 'h2', _type: 'x' })
        .commit()
    ).transactionId,
  )
  revs.push((await client.delete('h1')).transactionId)
})
afterAll(() => t.close())

const get = async (path: string, token = 'test-viewer-token') => {
  const res = await fetch(`${t.apiHost}/v2025-02-19/data/history/production/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
}
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          id: string
          timestamp: string
          documentIDs: string[]
          effects: Record<string, { apply: unknown[]; revert: unknown[] }>
          author: string
          mutations?: unknown[]
        },
    )

describe('history endpoints', () => {
  it('lists transactions as NDJSON with mendoza effects that rebuild every revision', async () => {
    const res = await get('transactions/h1?effectFormat=mendoza&excludeContent=true&excludeMutations=true')
    expect(res.type).toContain('application/x-ndjson')
    const txs = lines(res.text)
    expect(txs.map((tx) => tx.id)).toEqual(revs)
    expect(txs[2]!.documentIDs).toEqual(['h1', 'h2'])
    expect(txs[0]).toMatchObject({ author: 'pAdmin' })
    expect(txs[0]).not.toHaveProperty('mutations')
    // Walk the whole history forwards with apply, then backwards with revert.
    let doc: unknown = null
    const states: unknown[] = []
    for (const tx of txs) states.push((doc = applyPatch(doc, tx.effects.h1!.apply as never)))
    expect(states[1]).toMatchObject({ title: 'B', n: 1 })
    expect(states[2]).toMatchObject({ title: 'C' })
    expect(states[3]).toBeNull()
    for (let i = txs.length - 1; i > 0; i--)
      expect(applyPatch(states[i], txs[i]!.effects.h1!.revert as never)).toEqual(states[i - 1])
  })

  it('pages with reverse, limit, inclusive toTransaction and includeIdentifiedDocumentsOnly', async () => {
    const page = lines(
      (
        await get(
          `transactions/h1?reverse=true&limit=2&toTransaction=${revs[2]}&includeIdentifiedDocumentsOnly=true`,
        )
      ).text,
    )
    expect(page.map((tx) => tx.id)).toEqual([revs[2], revs[1]])
    expect(page[0]!.documentIDs).toEqual(['h1'])
    const from = lines(
      (await get(`transactions/h1?fromTransaction=${revs[1]}&toTransaction=${revs[2]}`)).text,
    )
    expect(from.map((tx) => tx.id)).toEqual([revs[1], revs[2]])
    expect(from[0]!.mutations).toBeDefined()
  })

  it('returns documents at a revision, at a time and at their last revision', async () => {
    const atB = JSON.parse((await get(`documents/h1?revision=${revs[1]}`)).text)
    expect(atB.documents).toEqual([expect.objectContaining({ _id: 'h1', title: 'B', n: 1, _rev: revs[1] })])
    const last = JSON.parse((await get('documents/h1?lastRevision=true')).text)
    expect(last.documents[0]).toMatchObject({ title: 'C', _rev: revs[2] })
    expect(last.documents[0]).not.toHaveProperty('n')
    const now = JSON.parse((await get(`documents/h1,h2?time=${new Date().toISOString()}`)).text)
    expect(now.documents.map((d: { _id: string }) => d._id)).toEqual(['h2'])
    // Restoring with the client: fetch the old revision and write it back.
    const old = atB.documents[0]
    await t.client('admin').createOrReplace({ ...old, _rev: undefined })
    expect(await t.client('admin').getDocument('h1')).toMatchObject({ title: 'B', n: 1 })
  })

  it('is closed to anonymous callers', async () => {
    expect((await get('transactions/h1', '')).status).toBe(401)
    expect((await get(`documents/h1?revision=${revs[0]}`, '')).status).toBe(401)
  })

  it('bounds transactions by time', async () => {
    const all = lines((await get('transactions/h1')).text)
    const second = all[1]!
    const fromSecond = lines(
      (await get(`transactions/h1?fromTime=${encodeURIComponent(second.timestamp)}`)).text,
    )
    expect(fromSecond[0]!.id).toBe(second.id)
    const untilSecond = lines(
      (await get(`transactions/h1?toTime=${encodeURIComponent(second.timestamp)}`)).text,
    )
    expect(untilSecond.at(-1)!.id).toBe(second.id)
    expect((await get('transactions/h1?fromTime=not-a-time')).status).toBe(400)
  })
})
