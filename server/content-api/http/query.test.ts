import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVERYTHING_TAG } from '../engine'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
  await t
    .client('admin')
    .transaction()
    .create({ _id: 'settings', _type: 'siteSettings', bandName: 'Los Forasteros' })
    .create({ _id: 'e1', _type: 'event', venue: 'Teatro', startsAt: '2026-12-01T20:00:00Z' })
    .create({ _id: 'e2', _type: 'event', venue: 'Salón', startsAt: '2026-11-01T20:00:00Z' })
    .create({ _id: 'drafts.e1', _type: 'event', venue: 'Teatro (draft)', startsAt: '2026-12-01T20:00:00Z' })
    .create({ _id: 'drafts.new', _type: 'event', venue: 'Only a draft', startsAt: '2027-01-01T20:00:00Z' })
    .create({
      _id: 'versions.rSummer.e2',
      _type: 'event',
      venue: 'Salón (summer)',
      startsAt: '2026-11-01T20:00:00Z',
    })
    .create({ _id: 'm1', _type: 'mediaItem', slug: { current: 'one' } })
    .create({ _id: 'gallery', _type: 'gallery', items: [{ _key: 'k1', _type: 'reference', _ref: 'm1' }] })
    .commit()
})
afterAll(() => t.close())

describe('query endpoint', () => {
  it('defaults to the published perspective for API 2025-02-19 and raw before', async () => {
    const published = await t.client('admin').fetch<string[]>('*[_type == "event"] | order(_id)._id')
    expect(published).toEqual(['e1', 'e2'])
    const old = t.client('admin', { apiVersion: '2021-06-07' })
    expect(await old.fetch('*[_type == "event"] | order(_id)._id')).toEqual([
      'drafts.e1',
      'drafts.new',
      'e1',
      'e2',
      'versions.rSummer.e2',
    ])
  })

  it('serves raw, published, drafts and stacked perspectives', async () => {
    const client = t.client('admin')
    const q = '*[_type == "event"] | order(_id){_id, _originalId, venue}'
    expect(await client.fetch(q, {}, { perspective: 'raw' })).toHaveLength(5)
    expect(await client.fetch(q, {}, { perspective: 'drafts' })).toEqual([
      { _id: 'e1', _originalId: 'drafts.e1', venue: 'Teatro (draft)' },
      { _id: 'e2', _originalId: 'e2', venue: 'Salón' },
      { _id: 'new', _originalId: 'drafts.new', venue: 'Only a draft' },
    ])
    expect(await client.fetch(q, {}, { perspective: ['rSummer', 'drafts'] })).toEqual([
      { _id: 'e1', _originalId: 'drafts.e1', venue: 'Teatro (draft)' },
      { _id: 'e2', _originalId: 'versions.rSummer.e2', venue: 'Salón (summer)' },
      { _id: 'new', _originalId: 'drafts.new', venue: 'Only a draft' },
    ])
  })

  it('takes $params, dereferences and returns {ms, query, result}', async () => {
    const res = await t
      .client('admin')
      .fetch(
        '*[_type == $type][0]{items[]->{_id, "slug": slug.current}}',
        { type: 'gallery' },
        { filterResponse: false },
      )
    expect(res.result).toEqual({ items: [{ _id: 'm1', slug: 'one' }] })
    expect(typeof res.ms).toBe('number')
    expect(res.query).toContain('$type')
    const bare = await fetch(
      `${t.apiHost}/v2025-02-19/data/query/production?query=count(*)&returnQuery=false`,
    )
    // Anonymous: public published documents only.
    // `count(*)` read every document: its one sync tag is the one every commit fires (ADR 140).
    expect(await bare.json()).toEqual({ ms: expect.any(Number), result: 5, syncTags: [EVERYTHING_TAG] })
  })

  it('accepts POSTed queries (long ones)', async () => {
    const long = `*[_type == "event" && !(_id in ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `x${i}`))})]._id`
    expect((await t.client('admin').fetch<string[]>(long)).sort()).toEqual(['e1', 'e2'])
  })

  it('answers malformed GROQ with a queryParseError the client shows with its position', async () => {
    const error = await t
      .client()
      .fetch('*[_type == ')
      .catch((e: unknown) => e as { statusCode: number; message: string; details: unknown })
    expect(error.statusCode).toBe(400)
    expect(error.details).toMatchObject({ type: 'queryParseError', query: '*[_type == ', start: 10 })
    expect(error.message).toContain('GROQ query parse error')
    const missing = await t
      .client()
      .fetch('*[_type == $nope]')
      .catch((e: { message: string }) => e)
    expect(missing.message).toContain('param $nope referenced, but not provided')
  })

  it('answers an unknown dataset with 404 and a Sanity-like message', async () => {
    const error = await t
      .client('admin', { dataset: 'nope' })
      .fetch('*')
      .catch((e: { statusCode: number; message: string }) => e)
    expect(error.statusCode).toBe(404)
    expect(error.message).toContain('Dataset "nope" not found')
  })

  it('sees new commits immediately despite the result cache', async () => {
    const client = t.client('admin')
    expect(await client.fetch('count(*[_type == "tmp"])')).toBe(0)
    await client.create({ _id: 'tmp1', _type: 'tmp' })
    expect(await client.fetch('count(*[_type == "tmp"])')).toBe(1)
    await client.delete('tmp1')
    expect(await client.fetch('count(*[_type == "tmp"])')).toBe(0)
  })

  it('gets documents by id with omitted entries', async () => {
    const res = await fetch(`${t.apiHost}/v2025-02-19/data/doc/production/e1,missing,drafts.e1`, {
      headers: { authorization: 'Bearer test-viewer-token' },
    })
    const body = await res.json()
    expect(body.documents.map((d: { _id: string }) => d._id)).toEqual(['e1', 'drafts.e1'])
    expect(body.omitted).toEqual([{ id: 'missing', reason: 'existence' }])
    expect(await t.client('admin').getDocument('e2')).toMatchObject({ _id: 'e2', venue: 'Salón' })
  })
})
