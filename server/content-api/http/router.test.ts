import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  const extra = express.Router()
  extra.get('/v2025-02-19/extra', (_req, res) => {
    res.json({ principal: res.locals.principal })
  })
  t = await startTestContentServer({ routers: [extra] })
})
afterAll(() => t.close())

describe('content API router', () => {
  it('answers OPTIONS with 204 and an Allow header', async () => {
    const res = await fetch(`${t.apiHost}/v2025-02-19/data/query/production`, { method: 'OPTIONS' })
    expect(res.status).toBe(204)
    expect(res.headers.get('allow')).toContain('POST')
  })

  it('answers unknown routes and bad API versions in Sanity error shape', async () => {
    const unknown = await fetch(`${t.apiHost}/v2025-02-19/data/nope/production`)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error).toMatchObject({ type: 'notFound' })
    const version = await fetch(`${t.apiHost}/vBAD/data/query/production?query=*`)
    expect(version.status).toBe(400)
    expect((await version.json()).error.description).toContain('Invalid API version')
  })

  it('mounts extra routers after authentication, so they see the principal', async () => {
    const res = await fetch(`${t.apiHost}/v2025-02-19/extra`, {
      headers: { authorization: 'Bearer test-viewer-token' },
    })
    expect((await res.json()).principal).toMatchObject({ kind: 'user', role: 'viewer' })
  })

  it('keeps serving after bad requests', async () => {
    for (let i = 0; i < 5; i++) {
      await fetch(`${t.apiHost}/v2025-02-19/data/query/production?query=*[`)
      await fetch(`${t.apiHost}/v2025-02-19/data/query/production?query=*&$bad={`)
    }
    const ok = await fetch(`${t.apiHost}/v2025-02-19/data/query/production?query=count(*)`)
    expect(ok.status).toBe(200)
  })
})
