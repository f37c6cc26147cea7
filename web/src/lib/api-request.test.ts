import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, getQueryFn, throwIfResNotOk } from './api-request'

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } })

describe('throwIfResNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('ok'))).resolves.toBeUndefined()
  })

  it('reads the JSON message field first', async () => {
    await expect(throwIfResNotOk(json(400, { message: 'Email is invalid', error: 'x' }))).rejects.toThrow(
      '400: Email is invalid',
    )
  })

  it('then the JSON error field', async () => {
    await expect(throwIfResNotOk(json(409, { error: 'Conflict here' }))).rejects.toThrow('409: Conflict here')
  })

  it('then the status text when the JSON has neither', async () => {
    await expect(throwIfResNotOk(json(422, { other: 1 }, 'Unprocessable Entity'))).rejects.toThrow(
      '422: Unprocessable Entity',
    )
  })

  it('uses the body text when the body is not JSON', async () => {
    await expect(throwIfResNotOk(new Response('Bad gateway here', { status: 502 }))).rejects.toThrow(
      '502: Bad gateway here',
    )
  })

  it('falls back to the status text for an empty body', async () => {
    await expect(
      throwIfResNotOk(new Response(null, { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toThrow('503: Service Unavailable')
  })
})

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends JSON with credentials and asks for JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(201, { ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    const res = await apiRequest('POST', '/api/newsletter/subscribe', { email: 'a@example.com' })
    expect(res.status).toBe(201)
    expect(fetchMock).toHaveBeenCalledWith('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"email":"a@example.com"}',
      credentials: 'include',
    })
  })

  it('sends no body and no content type without a payload', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    await apiRequest('DELETE', '/api/thing')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'DELETE', body: undefined })
    expect(fetchMock.mock.calls[0]?.[1].headers).not.toHaveProperty('Content-Type')
  })

  it('throws the formatted error for a non-OK answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(429, { message: 'Too many sign-ups' })))
    await expect(apiRequest('POST', '/x', {})).rejects.toThrow('429: Too many sign-ups')
  })
})

describe('default query function', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('GETs the first query key element with credentials and reads JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { items: [1] }))
    vi.stubGlobal('fetch', fetchMock)
    const data = await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/things', { page: 2 }] })
    expect(data).toEqual({ items: [1] })
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
  })

  it('throws on 401 by default', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { message: 'Not signed in' })))
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/me'] })).rejects.toThrow(
      '401: Not signed in',
    )
  })

  it('can return null on 401 instead', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { message: 'Not signed in' })))
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/me'] })).resolves.toBeNull()
  })
})
