import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

type ClientError = { statusCode: number; message: string; details?: unknown }
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected failure')
    },
    (e: ClientError) => e,
  )

describe('mutate endpoint through @sanity/client', () => {
  it('creates with generated and prefixed ids, maintaining _rev, _createdAt and _updatedAt', async () => {
    const client = t.client('admin')
    const doc = await client.create({ _type: 'event', venue: 'A' })
    expect(doc._id).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(doc._rev).toBeTruthy()
    expect(doc._createdAt).toBe(doc._updatedAt)
    const prefixed = await client.create({ _id: 'drafts.', _type: 'event' })
    expect(prefixed._id).toMatch(/^drafts\.[A-Za-z0-9]{22}$/)
  })

  it('createOrReplace, createIfNotExists and delete report their operations', async () => {
    const client = t.client('admin')
    const created = await client.createOrReplace({ _id: 'cor', _type: 'x', n: 1 })
    const replaced = await client.createOrReplace({ _id: 'cor', _type: 'x', n: 2 })
    expect(replaced).toMatchObject({ n: 2, _createdAt: created._createdAt })
    expect(replaced._rev).not.toBe(created._rev)
    const kept = await client.createIfNotExists({ _id: 'cor', _type: 'x', n: 3 })
    expect(kept).toMatchObject({ n: 2, _rev: replaced._rev })
    const res = await client.mutate([{ createIfNotExists: { _id: 'cinx', _type: 'x' } }], {
      returnDocuments: false,
    })
    expect(res.results).toEqual([{ id: 'cinx', operation: 'create' }])
    const deleted = await client.delete('cor')
    expect(deleted.results).toEqual([
      { id: 'cor', operation: 'delete', document: expect.objectContaining({ n: 2 }) },
    ])
    expect(await client.getDocument('cor')).toBeUndefined()
  })

  it('patches with set, setIfMissing, unset, inc, dec, insert and diffMatchPatch', async () => {
    const client = t.client('admin')
    await client.create({
      _id: 'p1',
      _type: 'post',
      title: 'Hello world',
      count: 10,
      tags: ['a', 'c'],
      nested: { keep: true, drop: 1 },
      items: [{ _key: 'k1', v: 1 }],
    })
    const patched = await client
      .patch('p1')
      .set({ 'nested.added': 'yes' })
      .setIfMissing({ subtitle: 'sub', title: 'ignored' })
      .unset(['nested.drop'])
      .inc({ count: 5 })
      .dec({ count: 2 })
      .insert('after', 'tags[0]', ['b'])
      .diffMatchPatch({ title: '@@ -1,11 +1,11 @@\n Hello \n-world\n+there\n' })
      .commit()
    await client
      .patch('p1')
      .insert('replace', 'items[_key=="k1"]', [{ _key: 'k2', v: 2 }])
      .commit()
    const after = await client.getDocument('p1')
    expect(patched.count).toBe(13)
    expect(after).toMatchObject({
      title: 'Hello there',
      subtitle: 'sub',
      count: 13,
      tags: ['a', 'b', 'c'],
      nested: { keep: true, added: 'yes' },
      items: [{ _key: 'k2', v: 2 }],
    })
    expect(after?.nested).not.toHaveProperty('drop')
  })

  it('applies a multi-document transaction atomically', async () => {
    const client = t.client('admin')
    const res = await client
      .transaction()
      .create({ _id: 't1', _type: 'x' })
      .create({ _id: 't2', _type: 'x' })
      .patch('t1', (p) => p.set({ linked: { _ref: 't2', _type: 'reference' } }))
      .commit({ transactionId: 'my-tx-1' })
    expect(res.transactionId).toBe('my-tx-1')
    expect(res.results).toEqual([
      { id: 't1', operation: 'create' },
      { id: 't2', operation: 'create' },
      { id: 't1', operation: 'update' },
    ])
    const docs = await client.fetch('*[_id in ["t1","t2"]] | order(_id){_id, _rev}')
    expect(docs).toEqual([
      { _id: 't1', _rev: 'my-tx-1' },
      { _id: 't2', _rev: 'my-tx-1' },
    ])
    // The second create fails, so the first must not be applied either.
    const error = await failure(
      client.transaction().create({ _id: 't3', _type: 'x' }).create({ _id: 't1', _type: 'x' }).commit(),
    )
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain('already exists')
    expect(await client.getDocument('t3')).toBeUndefined()
    // A reused transaction id is refused.
    const reused = await failure(
      client.mutate([{ create: { _id: 't4', _type: 'x' } }], { transactionId: 'my-tx-1' }),
    )
    expect(reused.statusCode).toBe(409)
  })

  it('refuses a patch that would nest a document deeper than bodies may, storing nothing', async () => {
    const client = t.client('admin')
    await client.createOrReplace({ _id: 'deep', _type: 'x', title: 'kept' })
    const path = (segments: number) => Array.from({ length: segments }, (_, i) => `l${i}`).join('.')
    // 2,000 dotted segments: a body 4 levels deep that would store a document 2,001 levels deep.
    const deep = await failure(
      client
        .patch('deep')
        .set({ [path(2000)]: 1 })
        .commit(),
    )
    expect(deep.statusCode).toBe(400)
    expect(deep.message).toContain('"deep" would nest deeper than 64 levels')
    expect(await client.getDocument('deep')).toMatchObject({ title: 'kept' })
    expect(await client.getDocument('deep')).not.toHaveProperty('l0')
    // Just within the bound is stored (the document is one level, each segment one more).
    await client
      .patch('deep')
      .set({ [path(63)]: 1 })
      .commit()
    expect(await client.getDocument('deep')).toHaveProperty('l0')
    // One more is refused, and the document can still be replaced and deleted.
    expect(
      (
        await failure(
          client
            .patch('deep')
            .set({ [path(64)]: { a: 1 } })
            .commit(),
        )
      ).statusCode,
    ).toBe(400)
    await client.createOrReplace({ _id: 'deep', _type: 'x', title: 'replaced' })
    await client.delete('deep')
    expect(await client.getDocument('deep')).toBeUndefined()
  })

  it("takes the transaction id from the query parameter too, as Sanity's reference lists it", async () => {
    const client = t.client('admin')
    const mutate = (query: Record<string, string>, body: Record<string, unknown> = {}) =>
      client.request<{ transactionId: string }>({
        url: '/data/mutate/production',
        method: 'POST',
        query,
        body: { mutations: [{ createOrReplace: { _id: 'txp', _type: 'x' } }], ...body },
      })
    expect((await mutate({ transactionId: 'from-query-1' })).transactionId).toBe('from-query-1')
    expect((await client.getDocument('txp'))?._rev).toBe('from-query-1')
    // The same id in both places is one id; a reused one is refused as from the body.
    expect(
      (await mutate({ transactionId: 'from-query-2' }, { transactionId: 'from-query-2' })).transactionId,
    ).toBe('from-query-2')
    expect((await failure(mutate({ transactionId: 'from-query-1' }))).statusCode).toBe(409)
    // Two different ids: neither wins; nothing is written.
    const differ = await failure(mutate({ transactionId: 'from-query-3' }, { transactionId: 'from-body-3' }))
    expect(differ.statusCode).toBe(400)
    expect(differ.message).toContain('differ')
    expect((await client.getDocument('txp'))?._rev).toBe('from-query-2')
    expect((await failure(mutate({ transactionId: 'x'.repeat(201) }))).statusCode).toBe(400)
  })

  it('deletes and patches by query', async () => {
    const client = t.client('admin')
    await client
      .transaction()
      .create({ _id: 'q1', _type: 'bulk', n: 1 })
      .create({ _id: 'q2', _type: 'bulk', n: 2 })
      .commit()
    const res = await client.mutate([{ patch: { query: '*[_type == "bulk"]', set: { seen: true } } }])
    expect(res.results.map((r: { id: string }) => r.id).sort()).toEqual(['q1', 'q2'])
    expect(await client.fetch('*[_type == "bulk" && seen]._id | order(@)')).toHaveLength(2)
    await client.delete({ query: '*[_type == $t && n > $min]', params: { t: 'bulk', min: 1 } })
    expect(await client.fetch('*[_type == "bulk"]._id')).toEqual(['q1'])
  })

  it('refuses a patch whose ifRevisionID does not match with 409, applying nothing', async () => {
    const client = t.client('admin')
    const doc = await client.create({ _id: 'rev1', _type: 'x', n: 1 })
    const ok = await client.patch('rev1').ifRevisionId(doc._rev).set({ n: 2 }).commit()
    expect(ok.n).toBe(2)
    const error = await failure(client.patch('rev1').ifRevisionId(doc._rev).set({ n: 3 }).commit())
    expect(error.statusCode).toBe(409)
    expect((await client.getDocument('rev1'))?.n).toBe(2)
  })

  it('supports dryRun and returnIds', async () => {
    const client = t.client('admin')
    const res = await client.mutate([{ create: { _id: 'dry', _type: 'x' } }], {
      dryRun: true,
      returnDocuments: false,
    })
    expect(res.results).toEqual([{ id: 'dry', operation: 'create' }])
    expect(await client.getDocument('dry')).toBeUndefined()
  })

  it('answers bad input with 400 and a description, applying nothing', async () => {
    const client = t.client('admin')
    const unknownOp = await failure(client.mutate([{ frobnicate: { _id: 'b1' } } as never]))
    expect(unknownOp.statusCode).toBe(400)
    expect(unknownOp.message).toContain('Mutation 0 is invalid')
    const missingType = await failure(client.mutate([{ create: { _id: 'b2' } } as never]))
    expect(missingType.statusCode).toBe(400)
    const badId = await failure(client.create({ _id: 'bad id!', _type: 'x' }))
    expect(badId.statusCode).toBe(400)
    const missing = await failure(client.patch('nope').set({ a: 1 }).commit())
    expect(missing.statusCode).toBe(404)

    const raw = await fetch(`${t.apiHost}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer test-admin-token' },
      body: '{"mutations": [',
    })
    expect(raw.status).toBe(400)
    expect((await raw.json()).error.description).toContain('not valid JSON')
  })

  it('answers oversized bodies with 413', async () => {
    const res = await fetch(`${t.apiHost}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer test-admin-token' },
      body: JSON.stringify({ mutations: [{ create: { _type: 'x', blob: 'x'.repeat(11 * 1024 * 1024) } }] }),
    })
    expect(res.status).toBe(413)
    expect((await res.json()).error.description).toMatch(/too large/)
  })

  it('adds missing array keys when autoGenerateArrayKeys is on', async () => {
    const client = t.client('admin')
    const doc = await client.create(
      { _id: 'keys', _type: 'x', links: [{ url: 'a' }, { _key: 'mine', url: 'b' }], tags: ['plain'] },
      { autoGenerateArrayKeys: true },
    )
    expect(doc.links[0]!._key).toMatch(/^[A-Za-z0-9]{12}$/)
    expect(doc.links[1]!._key).toBe('mine')
    expect(doc.tags).toEqual(['plain'])
    const plain = await client.create({ _id: 'nokeys', _type: 'x', links: [{ url: 'a' }] })
    expect(plain.links[0]).not.toHaveProperty('_key')
  })
})
