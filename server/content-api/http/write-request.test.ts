import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, TEST_TOKENS, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

function post(endpoint: 'mutate' | 'actions', body: unknown, token?: string, dataset = 'production') {
  return fetch(`${t.apiHost}/v2025-02-19/data/${endpoint}/${dataset}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
}

async function error(response: Response) {
  return {
    status: response.status,
    description: ((await response.json()) as { error: { description: string } }).error.description,
  }
}

describe('write endpoints check a request before they write', () => {
  it('tell the caller the body shape they expect', async () => {
    expect(await error(await post('mutate', { actions: [] }, TEST_TOKENS.admin))).toEqual({
      status: 400,
      description: 'Request body must be {mutations: [...], transactionId?}',
    })
    expect(await error(await post('actions', { mutations: [] }, TEST_TOKENS.admin))).toEqual({
      status: 400,
      description: 'Request body must be {actions: [...], transactionId?, dryRun?}',
    })
  })

  it('refuse callers who may not write before looking at the body', async () => {
    for (const endpoint of ['mutate', 'actions'] as const) {
      expect((await post(endpoint, {})).status).toBe(401)
      expect((await post(endpoint, {}, TEST_TOKENS.viewer)).status).toBe(403)
    }
  })

  it('answer 404 for a dataset that does not exist and write nothing', async () => {
    const response = await post(
      'mutate',
      { mutations: [{ create: { _type: 'x' } }] },
      TEST_TOKENS.admin,
      'staging',
    )
    expect(await error(response)).toEqual({
      status: 404,
      description: 'Dataset "staging" not found for project ID "local"',
    })
    expect(await t.client('admin').fetch('count(*[_type == "x"])')).toBe(0)
  })
})
