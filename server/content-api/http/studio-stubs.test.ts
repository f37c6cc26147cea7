import { createClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

let server: EdgeTestServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startEdgeTestServer()
  for (const role of ['administrator', 'editor', 'viewer'] as const) {
    const user = await server.accounts.users.create({
      email: `${role}@example.com`,
      name: role,
      role,
      password: 'pw',
    })
    tokens[role] = server.accounts.sessions.create(user.id).token
  }
})
afterAll(() => server.close())

const client = (token?: string) =>
  createClient({
    apiHost: `${server.url}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2021-06-07',
    useCdn: false,
    token,
  })

describe('ACL grants per role', () => {
  it('gives editors and administrators write grants and viewers read + history', async () => {
    const full = ['read', 'create', 'update', 'history', 'editHistory']
    for (const role of ['administrator', 'editor']) {
      expect(await client(tokens[role]).request({ url: '/projects/local/datasets/production/acl' })).toEqual([
        { filter: '_id in path("**")', permissions: full },
      ])
    }
    expect(await client(tokens.viewer).request({ url: '/projects/local/datasets/production/acl' })).toEqual([
      { filter: '_id in path("**")', permissions: ['read', 'history'] },
    ])
    const anonymous = await client().request<{ permissions: string[] }[]>({
      url: '/projects/local/datasets/production/acl',
    })
    expect(anonymous.flatMap((g) => g.permissions)).toEqual(['read'])
  })

  it('404s for other projects and datasets', async () => {
    await expect(
      client(tokens.editor).request({ url: '/projects/other/datasets/production/acl' }),
    ).rejects.toMatchObject({ statusCode: 404 })
    await expect(
      client(tokens.editor).request({ url: '/projects/local/datasets/nope/acl' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    })
  })
})

describe('project grants', () => {
  it('let a signed-in user read the project and its members, and offer no invitations and no Studio deploys', async () => {
    const read = [{ grants: [{ name: 'read', params: {} }], config: {} }]
    for (const role of ['administrator', 'editor', 'viewer']) {
      const grants = await client(tokens[role]).request({ url: '/projects/local/grants' })
      expect(grants).toEqual({ 'sanity.project': read, 'sanity.project.members': read })
      expect(JSON.stringify(grants)).not.toMatch(/invite|deployStudio/)
    }
    expect(await client().request({ url: '/projects/local/grants' })).toEqual({})
    await expect(client(tokens.editor).request({ url: '/projects/other/grants' })).rejects.toMatchObject({
      statusCode: 404,
    })
  })
})

describe('Studio stubs', () => {
  it('answers what the research says', async () => {
    const c = client(tokens.editor)
    // Releases and Scheduled Drafts are served here (ADR 180); comments, tasks, scheduled publishing are not.
    expect(await c.request({ url: '/features' })).toEqual(['contentReleases', 'singleDocRelease'])
    // The release tool's limit check, as the Studio asks it (apiVersion vX): no organisation quota.
    expect(
      await c.withConfig({ apiVersion: 'X' }).request({ url: '/projects/local/new-content-release-allowed' }),
    ).toEqual({
      data: { datasetReleaseLimit: 1000, orgActiveReleaseLimit: null, orgMeteredActiveReleaseCount: 0 },
    })
    expect(await c.request({ url: '/intake/telemetry-status' })).toEqual({ status: 'denied' })
    const batch = await fetch(`${server.url}/content/v2026-05-04/intake/batch`, {
      method: 'POST',
      body: '[]',
    })
    expect(batch.status).toBe(204)
    expect(
      await c.request({
        url: '/projects/local/datasets',
        query: { datasetProfile: 'comments', addonFor: 'production' },
      }),
    ).toEqual([])
    expect(await c.request({ url: '/projects/local/datasets' })).toMatchObject([{ name: 'production' }])
    expect(await c.request({ url: '/projects/local' })).toMatchObject({
      id: 'local',
      members: expect.any(Array),
    })
    expect(await c.request({ url: '/projects/local/user-applications' })).toEqual([])
    expect((await fetch(`${server.url}/content/v1/ping`)).status).toBe(200)
    expect((await fetch(`${server.url}/content/v2025-02-19/data/ping/production`)).status).toBe(200)
  })

  it("answers Sanity's cloud-only services with empty answers the Studio reads as nothing to show", async () => {
    const c = client(tokens.editor)
    // Journeys (trial, upsells, announcements): no data; the Studio shows no dialog and does not retry.
    expect(await c.request({ url: '/journey/trial', query: { studioVersion: '5.27.0' } })).toBeNull()
    expect(await c.request({ url: '/journey/asset-limit' })).toBeNull()
    expect(await c.request({ url: '/subscriptions/project/local' })).toBeNull()
    expect(await c.request({ url: '/help', query: { m: 'sanity@5.27.0' } })).toEqual({})
    expect(
      await c.request({
        url: '/descriptors/claim',
        method: 'POST',
        body: { descriptorId: 'x', contextKey: 'y' },
      }),
    ).toEqual({ synchronization: { type: 'complete' } })
    expect(await c.request({ url: '/check/cors' })).toEqual({
      result: { allowed: true, withCredentials: true },
    })
    expect(
      await c.request({
        url: '/data/references/production/documents/some-id/to',
        query: { excludeInternalReferences: 'true', excludePaths: 'true' },
      }),
    ).toEqual({ totalCount: 0, references: [] })
    await expect(
      c.request({ url: '/data/references/production/documents/some-id/to' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    })
  })

  it('serves the live events stream: a welcome with its position; unknown datasets 404', async () => {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/content/v2025-02-19/data/live/events/production`, {
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toMatch(/^id: [\w-]+\nevent: welcome\ndata: \{\}\n\n$/)
    controller.abort()
    expect((await fetch(`${server.url}/content/v2025-02-19/data/live/events/nope`)).status).toBe(404)
  })
})

describe('project members', () => {
  it('lists accounts only to signed-in users', async () => {
    const anonymous = await client().request<{ members: unknown[] }>({ url: '/projects/local' })
    expect(anonymous.members).toEqual([])
    const viewer = await client(tokens.viewer).request<{ members: { role: string }[] }>({
      url: '/projects/local',
    })
    expect(viewer.members.map((m) => m.role).sort()).toEqual(
      expect.arrayContaining(['administrator', 'editor', 'viewer']),
    )
  })
})

describe('users and key-value settings', () => {
  it('persists Studio settings per user', async () => {
    const editor = client(tokens.editor)
    const set = await editor.request({
      url: '/users/me/keyvalue',
      method: 'PUT',
      body: [{ key: 'studio.inspector', value: { open: true } }],
    })
    expect(set).toEqual([{ key: 'studio.inspector', value: { open: true } }])
    expect(await editor.request({ url: '/users/me/keyvalue/studio.inspector,other' })).toEqual([
      { key: 'studio.inspector', value: { open: true } },
      { key: 'other', value: null },
    ])
    expect(await client(tokens.viewer).request({ url: '/users/me/keyvalue/studio.inspector' })).toEqual([
      { key: 'studio.inspector', value: null },
    ])
    await expect(client().request({ url: '/users/me/keyvalue/x' })).rejects.toMatchObject({ statusCode: 401 })
    await expect(
      editor.request({ url: '/users/me/keyvalue', method: 'PUT', body: { nope: 1 } }),
    ).rejects.toMatchObject({ statusCode: 400 })
  })

  it('looks users up by id: one id gives an object, several an array', async () => {
    const editor = client(tokens.editor)
    const me = await editor.request<{ id: string }>({ url: '/users/me' })
    expect(await editor.request({ url: `/users/${me.id}` })).toMatchObject({
      id: me.id,
      displayName: 'editor',
    })
    const many = await editor.request<unknown[]>({ url: `/users/${me.id},unknown` })
    expect(many).toHaveLength(1)
    expect(await editor.request({ url: '/users/unknown' })).toEqual([])
    expect(await editor.request({ url: '/users/seed' })).toMatchObject({
      id: 'seed',
      displayName: 'Seed content',
    })
  })
})
