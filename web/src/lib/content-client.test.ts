import { describe, expect, it, vi } from 'vitest'
import { contentConfigFor } from '../config/public-config'
import { createContentClient, queryUrl } from './content-client'

const local = contentConfigFor({ dataset: 'production' })

describe('content client', () => {
  it('reads the embedded content API under /content by default', () => {
    expect(local).toEqual({
      backend: 'local',
      projectId: 'local',
      dataset: 'production',
      apiVersion: '2025-02-19',
      apiUrl: '/content',
      assetBaseUrl: '/content',
    })
  })

  it("reads Sanity's API CDN when a project is configured", () => {
    expect(contentConfigFor({ sanityProjectId: 'abc123', dataset: 'staging' })).toMatchObject({
      projectId: 'abc123',
      dataset: 'staging',
      apiUrl: 'https://abc123.apicdn.sanity.io',
      assetBaseUrl: 'https://cdn.sanity.io',
    })
  })

  it('builds the query URL with JSON-encoded parameters and the published perspective', () => {
    const url = new URL(
      queryUrl({ ...local, apiUrl: 'http://127.0.0.1:3000/content/' }, '*[slug.current == $slug]', {
        slug: 'la-bamba',
      }),
    )
    expect(url.pathname).toBe('/content/v2025-02-19/data/query/production')
    expect(url.searchParams.get('query')).toBe('*[slug.current == $slug]')
    expect(url.searchParams.get('$slug')).toBe('"la-bamba"')
    expect(url.searchParams.get('perspective')).toBe('published')
  })

  it('resolves to the result and sends no credentials', async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ result: [1, 2], ms: 1 }))
    const client = createContentClient({ ...local, fetch: fetchMock })
    await expect(client.fetch('*[_type == "event"]')).resolves.toEqual([1, 2])
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url.startsWith('/content/v2025-02-19/data/query/production?query=')).toBe(true)
    expect(init.credentials).toBeUndefined()
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it('fails with the "{status}: {message}" error of the API layer', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(Response.json({ message: 'Dataset not found' }, { status: 404 }))
    const client = createContentClient({ ...local, fetch: fetchMock })
    await expect(client.fetch('*')).rejects.toThrow('404: Dataset not found')
  })
})
