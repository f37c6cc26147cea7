import { describe, expect, it, vi } from 'vitest'
import { exchangeLoginHandBack, studioTokenKey } from './login-hand-back'

function setup(href: string, response: Response | Error) {
  const url = new URL(href)
  const location = { hash: url.hash, href }
  const history = { replaceState: vi.fn() }
  const storage = { setItem: vi.fn() }
  const fetchImpl = vi.fn(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  )
  return { location, history, storage, fetchImpl: fetchImpl as unknown as typeof fetch, fetchMock: fetchImpl }
}

const sid = 'lfi_abcdefghijklmnopqrstuvwxyz'

describe('exchangeLoginHandBack', () => {
  it('swaps the #sid for a token, stores it where the Studio reads it and clears the hash', async () => {
    const deps = setup(`https://localhost:3443/admin#sid=${sid}`, Response.json({ token: 'lfs_token' }))
    await expect(exchangeLoginHandBack({ projectId: 'local', apiBase: '/content', ...deps })).resolves.toBe(
      'signed-in',
    )
    expect(deps.fetchMock).toHaveBeenCalledWith(
      `/content/v2026-05-04/auth/fetch?sid=${sid}`,
      expect.anything(),
    )
    expect(deps.storage.setItem).toHaveBeenCalledWith(
      studioTokenKey('local'),
      JSON.stringify({ token: 'lfs_token' }),
    )
    expect(String(deps.history.replaceState.mock.calls[0]![2])).toBe('https://localhost:3443/admin')
  })

  it('keeps the rest of the hash', async () => {
    const deps = setup(`https://localhost:3443/admin#sid=${sid}&x=1`, Response.json({ token: 't' }))
    await exchangeLoginHandBack({ projectId: 'local', apiBase: '/content', ...deps })
    expect(String(deps.history.replaceState.mock.calls[0]![2])).toBe('https://localhost:3443/admin#x=1')
  })

  it('does nothing without a hand-back', async () => {
    const deps = setup('https://localhost:3443/admin/structure', Response.json({}))
    await expect(exchangeLoginHandBack({ projectId: 'local', apiBase: '/content', ...deps })).resolves.toBe(
      'no-hand-back',
    )
    expect(deps.fetchMock).not.toHaveBeenCalled()
  })

  it('reports a failed swap without storing anything', async () => {
    for (const response of [new Response('', { status: 401 }), new Error('offline'), Response.json({})]) {
      const deps = setup(`https://localhost:3443/admin#sid=${sid}`, response)
      await expect(exchangeLoginHandBack({ projectId: 'local', apiBase: '/content', ...deps })).resolves.toBe(
        'failed',
      )
      expect(deps.storage.setItem).not.toHaveBeenCalled()
    }
  })
})
