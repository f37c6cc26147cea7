import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
  await t
    .client('admin')
    .transaction()
    .create({ _id: 'pub', _type: 'event', title: 'Published' })
    .create({ _id: 'drafts.pub', _type: 'event', title: 'Draft' })
    .create({ _id: 'versions.r1.pub', _type: 'event', title: 'Version' })
    .create({ _id: '_.secret', _type: 'system.thing' })
    .commit()
})
afterAll(() => t.close())

type ClientError = { statusCode: number; message: string }
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: ClientError) => e.statusCode,
  )

describe('access rules', () => {
  it('anonymous reads public published documents only, whatever perspective it asks for', async () => {
    const anonymous = t.client()
    for (const perspective of ['raw', 'drafts', 'published', ['r1', 'drafts']] as const) {
      const ids = await anonymous.fetch(
        '*[_type == "event"]{_id, title}',
        {},
        { perspective: perspective as never },
      )
      expect(ids).toEqual([{ _id: 'pub', title: 'Published' }])
    }
    expect(await anonymous.fetch('count(*[_id in path("**")])', {}, { perspective: 'raw' })).toBe(1)
    const doc = await fetch(`${t.apiHost}/v2025-02-19/data/doc/production/pub,drafts.pub,_.secret`)
    expect(await doc.json()).toEqual({
      documents: [expect.objectContaining({ _id: 'pub' })],
      omitted: [
        { id: 'drafts.pub', reason: 'permission' },
        { id: '_.secret', reason: 'permission' },
      ],
    })
  })

  it('anonymous cannot write (401), viewers cannot write (403), editors can', async () => {
    expect(await status(t.client().create({ _type: 'x' }))).toBe(401)
    expect(await status(t.client('viewer').create({ _type: 'x' }))).toBe(403)
    expect(
      await status(
        t.client('viewer').action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.pub' }),
      ),
    ).toBe(403)
    expect(await status(t.client('editor').create({ _type: 'x' }))).toBe(200)
  })

  it('viewers read drafts and every perspective', async () => {
    const viewer = t.client('viewer')
    expect(await viewer.fetch('*[_type == "event"] | order(_id)._id', {}, { perspective: 'raw' })).toEqual([
      'drafts.pub',
      'pub',
      'versions.r1.pub',
    ])
    expect(await viewer.fetch('*[_type == "event"][0].title', {}, { perspective: 'drafts' })).toBe('Draft')
  })

  it('a bad token gets 401 from the authenticator', async () => {
    const bad = t.client('admin', { token: 'wrong' })
    expect(await status(bad.fetch('*'))).toBe(401)
  })
})
