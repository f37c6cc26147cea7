import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RequestHandler } from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNewsletterTestApp } from '../../../server/newsletter/testing/newsletter-test-app'
import { createSubscribersClient, SubscribersApiError } from './subscribers-client'

const editorOnly: RequestHandler = (req, res, next) => {
  res.locals.principal =
    req.get('authorization') === 'Bearer editor-session'
      ? { kind: 'user', userId: 'u1', name: 'Ed', email: 'ed@example.com', role: 'editor' }
      : { kind: 'anonymous' }
  next()
}

/** The Studio tool's client against the real admin API on a real port. */
describe('subscribers client', () => {
  let t: Awaited<ReturnType<typeof createNewsletterTestApp>>
  let server: Server
  let baseUrl: string
  beforeAll(async () => {
    t = await createNewsletterTestApp({ env: { NEWSLETTER_RATE_LIMIT: '100' }, authenticate: editorOnly })
    for (const [firstName, email] of [
      ['Ana', 'ana@example.com'],
      ['Beto', 'beto@example.com'],
    ]) {
      await request(t.app)
        .post('/api/newsletter/subscribe')
        .send({ firstName, lastName: 'X', email })
        .expect(201)
    }
    server = t.app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  it('lists, exports, unsubscribes and erases with the user token', async () => {
    const client = createSubscribersClient({ baseUrl, token: 'editor-session' })
    const page = await client.list({ q: 'ana' })
    expect(page.items.map((s) => s.email)).toEqual(['ana@example.com'])
    expect(page.counts).toEqual({ pending: 0, subscribed: 2, unsubscribed: 0, all: 2 })

    const { blob, fileName } = await client.exportCsv({ status: 'subscribed' })
    expect(fileName).toMatch(/^subscribers-subscribed-\d{4}-\d\d-\d\d\.csv$/)
    const bytes = new Uint8Array(await blob.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])

    const ana = page.items[0]!
    expect((await client.unsubscribe(ana.id)).status).toBe('unsubscribed')
    await client.erase(ana.id)
    expect((await client.list({})).total).toBe(1)
  })

  it('surfaces 401 and 404 as errors with the server message', async () => {
    await expect(createSubscribersClient({ baseUrl, token: undefined }).list({})).rejects.toEqual(
      new SubscribersApiError(401, 'Sign in to manage subscribers'),
    )
    const client = createSubscribersClient({ baseUrl, token: 'editor-session' })
    await expect(client.erase('nope')).rejects.toMatchObject({ status: 404, message: 'No such subscriber' })
  })
})
