import type { DocumentActionComponent } from 'sanity'
import { describe, expect, it } from 'vitest'
import { singletonActions } from './singletons-plugin'
import { createStudioConfig, studioSettingsFrom } from './studio-config'

type Workspace = Record<string, unknown> & {
  unstable_clientFactory?: (options: Record<string, unknown>) => { getUrl: (uri: string) => string }
}

describe('studioSettingsFrom', () => {
  it('points the embedded backend at /content on the page origin', () => {
    expect(
      studioSettingsFrom(
        { backend: 'local', projectId: 'local', dataset: 'staging' },
        'https://localhost:3443',
      ),
    ).toEqual({ backend: 'local', dataset: 'staging', apiHost: 'https://localhost:3443/content' })
  })
  it('passes a Sanity project through', () => {
    expect(studioSettingsFrom({ backend: 'cloud', projectId: 'abc123', dataset: 'production' }, 'x')).toEqual(
      {
        backend: 'cloud',
        projectId: 'abc123',
        dataset: 'production',
      },
    )
  })
})

describe('createStudioConfig', () => {
  it('titles the workspace with the band name it is given (the site settings’, ADR 074)', () => {
    const settings = { backend: 'cloud', projectId: 'abc123', dataset: 'production' } as const
    expect((createStudioConfig(settings, { title: 'Los Renombrados' }) as Workspace).title).toBe(
      'Los Renombrados',
    )
  })
  it('local: talks to <origin>/content without a project hostname, with releases and scheduled drafts, and switches off unserved features', () => {
    const config = createStudioConfig({
      backend: 'local',
      dataset: 'production',
      apiHost: 'https://localhost:3443/content',
    }) as Workspace
    expect(config).toMatchObject({
      basePath: '/admin',
      projectId: 'local',
      dataset: 'production',
      apiHost: 'https://localhost:3443/content',
      auth: { loginMethod: 'token' },
      releases: { enabled: true },
      scheduledPublishing: { enabled: false },
      scheduledDrafts: { enabled: true },
      tasks: { enabled: false },
      announcements: { enabled: false },
      document: { comments: { enabled: false } },
      beta: { eventsAPI: { documents: false } },
    })
    const client = config.unstable_clientFactory!({
      projectId: 'local',
      dataset: 'production',
      apiHost: 'https://localhost:3443/content',
      apiVersion: '2025-02-19',
      useCdn: false,
    })
    expect(client.getUrl('/data/query/production')).toBe(
      'https://localhost:3443/content/v2025-02-19/data/query/production',
    )
  })

  it("cloud: Sanity's hosted API and login, no local overrides", () => {
    const config = createStudioConfig({
      backend: 'cloud',
      projectId: 'abc123',
      dataset: 'production',
    }) as Workspace
    expect(config).toMatchObject({ basePath: '/admin', projectId: 'abc123', dataset: 'production' })
    for (const key of ['apiHost', 'unstable_clientFactory', 'auth', 'releases', 'beta', 'search']) {
      expect(config).not.toHaveProperty(key)
    }
  })

  it('both: the same schema and plugins', () => {
    const local = createStudioConfig({
      backend: 'local',
      dataset: 'production',
      apiHost: 'https://h/content',
    })
    const cloud = createStudioConfig({ backend: 'cloud', projectId: 'abc123', dataset: 'production' })
    const names = (config: typeof local) =>
      ((config as { plugins?: { name: string }[] }).plugins ?? []).map((plugin) => plugin.name)
    expect(names(local)).toEqual(names(cloud))
    expect(names(local)).toContain('site-singletons')
    expect((local as { schema?: unknown }).schema).toEqual((cloud as { schema?: unknown }).schema)
  })
})

describe('singletonActions', () => {
  const action = (name: string) =>
    Object.assign(() => null, { action: name }) as unknown as DocumentActionComponent
  const all = ['publish', 'unpublish', 'discardChanges', 'duplicate', 'delete', 'restore'].map(action)

  it('keeps only publish, discard and restore for singletons', () => {
    expect(singletonActions(all, 'gallery').map((a) => a.action)).toEqual([
      'publish',
      'discardChanges',
      'restore',
    ])
  })
  it('leaves other types alone', () => {
    expect(singletonActions(all, 'event')).toBe(all)
  })
})
