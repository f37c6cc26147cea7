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

  it('sets security headers with a per-response CSP nonce', async () => {
    const app = createTestApp()
    const [a, b] = await Promise.all([request(app).get('/healthz'), request(app).get('/healthz')])
    expect(a.headers['x-content-type-options']).toBe('nosniff')
    expect(a.headers['x-powered-by']).toBeUndefined()
    const nonce = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
    expect(nonce(a.headers['content-security-policy'])).toBeTruthy()
    expect(nonce(a.headers['content-security-policy'])).not.toBe(nonce(b.headers['content-security-policy']))
  })

  it('echoes a request id', async () => {
    const res = await request(createTestApp()).get('/healthz').set('x-request-id', 'abc-123')
    expect(res.headers['x-request-id']).toBe('abc-123')
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
