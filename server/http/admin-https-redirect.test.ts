import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'

describe('adminHttpsRedirect', () => {
  it('sends /admin on plain HTTP to the same path on HTTPS_PORT', async () => {
    const app = createTestApp({ env: { HTTPS_PORT: '3251' } })
    const res = await request(app).get('/admin/structure/event?x=1').set('Host', 'localhost:3250').expect(302)
    expect(res.headers.location).toBe('https://localhost:3251/admin/structure/event?x=1')
    await request(app).get('/administrator').expect(404)
  })

  it('leaves /admin alone when the request came through HTTPS or HTTPS is off', async () => {
    const secure = createTestApp({ env: { HTTPS_PORT: '3251' } })
    await request(secure).get('/admin').set('X-Forwarded-Proto', 'https').expect(404)
    const off = createTestApp({ env: { HTTPS_PORT: '0' } })
    await request(off).get('/admin').expect(404)
  })
})
