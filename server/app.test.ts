import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { HttpError } from './http/errors'
import { createTestApp } from './testing/test-app'

describe('createApp', () => {
  it('answers /healthz with the clock time', async () => {
    const app = createTestApp({ env: { TEST_NOW: '2025-10-01T12:00:00-07:00' } })
    const res = await request(app).get('/healthz').expect(200)
    expect(res.body).toEqual({ status: 'ok', time: '2025-10-01T19:00:00.000Z' })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  // Pages are the same bytes for every visitor (ADR 090): their inline scripts are allowed by hash, so no
  // response carries a per-request nonce (the hashes are tested in server/page-cache/page-responses.test.ts).
  it('sets security headers with a CSP that has no per-response nonce', async () => {
    const app = createTestApp()
    const [a, b] = await Promise.all([request(app).get('/healthz'), request(app).get('/healthz')])
    expect(a.headers['x-content-type-options']).toBe('nosniff')
    expect(a.headers['x-powered-by']).toBeUndefined()
    expect(a.headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(a.headers['content-security-policy']).not.toMatch(/nonce/)
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy'])
  })

  it('echoes a request id', async () => {
    const res = await request(createTestApp()).get('/healthz').set('x-request-id', 'abc-123')
    expect(res.headers['x-request-id']).toBe('abc-123')
  })

  it('sends /favicon.ico, which browsers ask for by themselves, to the SVG icon', async () => {
    const res = await request(createTestApp()).get('/favicon.ico').expect(301)
    expect(res.headers.location).toBe('/favicon.svg')
  })

  it('answers unknown API paths with JSON 404', async () => {
    const res = await request(createTestApp()).get('/api/nope').expect(404)
    expect(res.body).toEqual({ message: 'No route for GET /api/nope' })
  })

  it('turns HttpError and body-parser errors into JSON, and hides 5xx details', async () => {
    const router = express.Router()
    router.post('/echo', express.json({ limit: '1kb' }), (req, res) => res.json(req.body))
    router.get('/teapot', () => {
      throw new HttpError(418, 'I am a teapot', { hint: 'use a kettle' })
    })
    router.get('/boom', () => {
      throw new Error('secret database detail')
    })
    const app = createTestApp({ routers: { '/api/test': router } })

    const bad = await request(app)
      .post('/api/test/echo')
      .set('Content-Type', 'application/json')
      .send('{nope')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/JSON/)

    const big = await request(app)
      .post('/api/test/echo')
      .send({ text: 'x'.repeat(5000) })
    expect(big.status).toBe(413)

    const teapot = await request(app).get('/api/test/teapot').set('Accept', 'application/json')
    expect(teapot.status).toBe(418)
    expect(teapot.body).toEqual({ message: 'I am a teapot', hint: 'use a kettle' })

    const boom = await request(app).get('/api/test/boom').set('Accept', 'application/json')
    expect(boom.status).toBe(500)
    expect(boom.body).toEqual({ message: 'Internal Server Error' })
  })
})
