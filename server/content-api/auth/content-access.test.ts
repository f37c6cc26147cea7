import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

let server: EdgeTestServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startEdgeTestServer()
  for (const role of ['editor', 'viewer'] as const) {
    const user = await server.accounts.users.create({
      email: `${role}@example.com`,
      name: role,
      role,
      password: 'pw',
    })
    tokens[role] = server.accounts.sessions.create(user.id).token
  }
  tokens.robot = server.accounts.apiTokens.create({ label: 'deploy', role: 'editor' }).token
})
afterAll(() => server.close())

describe('content access through the real authenticate middleware', () => {
  it('lets an editor write; anonymous sees published only; a viewer reads drafts but cannot write', async () => {
    const editor = server.client(tokens.editor)
    await editor
      .transaction()
      .createOrReplace({ _id: 'event-1', _type: 'event', city: 'Veracruz' })
      .createOrReplace({ _id: 'drafts.event-1', _type: 'event', city: 'Xalapa' })
      .commit()

    const anonymous = server.client()
    expect(await anonymous.fetch('*[_type == "event"].city', {}, { perspective: 'raw' })).toEqual([
      'Veracruz',
    ])
    expect(await anonymous.getDocument('drafts.event-1')).toBeUndefined()
    await expect(anonymous.create({ _type: 'event', city: 'Nope' })).rejects.toMatchObject({
      statusCode: 401,
    })

    const viewer = server.client(tokens.viewer)
    expect(await viewer.getDocument('drafts.event-1')).toMatchObject({ city: 'Xalapa' })
    await expect(viewer.create({ _type: 'event', city: 'Nope' })).rejects.toMatchObject({ statusCode: 403 })
    await expect(
      viewer.assets.upload('file', Buffer.from('hello'), { filename: 'a.txt' }),
    ).rejects.toMatchObject({ statusCode: 403 })
  })

  it('records the author of a transaction as the signed-in user or token', async () => {
    const editor = server.client(tokens.editor)
    const me = await editor.request<{ id: string }>({ url: '/users/me' })
    const robot = server.client(tokens.robot)
    const robotMe = await robot.request<{ id: string }>({ url: '/users/me' })
    expect(robotMe.id).toMatch(/^token-/)
    const a = await editor.create({ _type: 'event', city: 'Tlacotalpan' })
    const b = await robot.create({ _type: 'event', city: 'Alvarado' })
    const authors = server.store.db
      .prepare('SELECT id, author FROM content_transactions WHERE id IN (?, ?)')
      .all(a._rev, b._rev) as { id: string; author: string }[]
    expect(Object.fromEntries(authors.map((r) => [r.id, r.author]))).toEqual({
      [a._rev]: me.id,
      [b._rev]: robotMe.id,
    })
  })

  it('answers 401 to a bad or revoked token on data endpoints', async () => {
    await expect(
      server.client('lft_revoked-or-never-existed-token-xxxxxxxxxxxxxxx').fetch('*'),
    ).rejects.toMatchObject({
      statusCode: 401,
    })
    const { token, apiToken } = server.accounts.apiTokens.create({ label: 'temp', role: 'viewer' })
    expect(await server.client(token).fetch('count(*)')).toBeGreaterThan(0)
    server.accounts.apiTokens.revoke(apiToken.id)
    await expect(server.client(token).fetch('count(*)')).rejects.toMatchObject({ statusCode: 401 })
  })
})
