import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { ContentStore } from '../content-api/engine'
import { createContentApi } from '../content-api/http/router'
import { testAuthenticate } from '../content-api/testing/test-server'
import { embeddedSiteContent } from '../page-cache/site-content'
import { sourceRenderer } from '../page-cache/testing/source-renderer'
import { createTestApp } from '../testing/test-app'
import { areaDoc, showIn } from './testing/tour-pages'

/**
 * `/shows?area=` and `/shows/area/<slug>.ics` (ADR 192) under hostile addresses, through the whole stack a fan
 * meets (the app, its page cache, the real renderer, the content store): every answer is a clear 4xx or the
 * page, never a 5xx, nothing unknown is stored, and the server keeps serving.
 */
describe('the tour by area under hostile addresses', { timeout: 120_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let server: Server
  let app: ReturnType<typeof createTestApp>

  const publish = (...docs: Record<string, unknown>[]) =>
    store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of docs) ws.apply(String(doc._id), { createOrReplace: doc })
    })

  /** The raw path as written (fetch would normalise some of these), its status, type and body. */
  const get = (rawPath: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo
      const req = httpRequest({ host: '127.0.0.1', port, path: rawPath }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', body }),
        )
      })
      req.on('error', reject)
      req.end()
    })

  const stillServing = async () => {
    expect((await get('/shows?area=bay-area')).status).toBe(200)
    expect((await get('/healthz')).status).toBe(200)
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'area-attacks-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    await publish(
      { _id: 'siteSettings', _type: 'siteSettings', bandName: 'Los Forasteros' },
      areaDoc('bay-area', 'Bay Area'),
      areaDoc('arizona', 'Arizona'),
      showIn('oakland', 'bay-area'),
      showIn('tucson', 'arizona'),
    )
    app = createTestApp({
      env: { SITE_URL: 'http://site.test', TEST_NOW: '2025-10-01T19:00:00Z' },
      routers: { '/content': createContentApi({ store, authenticate: testAuthenticate }) },
      renderer: sourceRenderer(),
      siteContent: embeddedSiteContent(store, contentConfigFor({ dataset: 'production' })),
    })
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers an area that names none with the 404 page, however it is written', async () => {
    const attacks = [
      'atlantis',
      '',
      'BAY-AREA',
      'bay-area%20',
      '%20bay-area',
      'bay%2Darea%00',
      '%00',
      '%ZZ',
      '%',
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'ciudad-de-m%C3%A9xico',
      '%F0%9F%8E%B8',
      '%E2%80%AEbay-area',
      'bay-area%C0%AF',
      'x'.repeat(4000),
    ]
    for (const value of attacks) {
      const answer = await get(`/shows?area=${value}`)
      expect({ value: value.slice(0, 40), status: answer.status }).toEqual({
        value: value.slice(0, 40),
        status: 404,
      })
      expect(answer.body).not.toContain('<script>alert(1)')
    }
    await stillServing()
  })

  it('refuses an address too long to read with a 4xx before any render', async () => {
    const renders = app.pages.cache.stats().rendering
    // A raw socket: the server answers and closes while a client library may still be writing the request.
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
        socket.end(`GET /shows?area=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: site.test\r\n\r\n`)
      })
      let answer = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('error', () => resolve(answer.split('\r\n')[0]!))
      socket.on('close', () => resolve(answer.split('\r\n')[0]!))
      socket.setTimeout(10_000, () => reject(new Error('no answer')))
    })
    expect(statusLine).toMatch(/^HTTP\/1\.1 4\d\d /)
    expect(app.pages.cache.stats().rendering).toBe(renders)
    await stillServing()
  })

  it('answers a repeated or combined area parameter without a 5xx', async () => {
    for (const query of [
      'area=bay-area&area=arizona',
      'area=bay-area&area=atlantis',
      'area=atlantis&area=bay-area',
      'area[]=bay-area',
      'area=bay-area&page=0',
      'area=bay-area&page=-1',
      'area=bay-area&page=1e9',
      'area=bay-area&page=99999999999999999999',
    ]) {
      const answer = await get(`/shows?${query}`)
      expect({ query, ok: answer.status === 200 || answer.status === 404 }).toEqual({ query, ok: true })
    }
    // The first value is the one read, as everywhere on the site: a repeat can never reach a page not listed.
    expect((await get('/shows?area=atlantis&area=bay-area')).status).toBe(404)
    await stillServing()
  })

  it('answers an unknown or hostile area calendar with a clear 404 in JSON', async () => {
    for (const slug of [
      'atlantis',
      'BAY-AREA',
      '%00',
      '%ZZ',
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3E',
      'ciudad-de-m%C3%A9xico',
      'x'.repeat(4000),
    ]) {
      const answer = await get(`/shows/area/${slug}.ics`)
      expect({ slug: slug.slice(0, 40), status: answer.status }).toEqual({
        slug: slug.slice(0, 40),
        status: answer.status < 500 ? answer.status : -1,
      })
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    const missing = await get('/shows/area/atlantis.ics')
    expect(missing.status).toBe(404)
    expect(JSON.parse(missing.body)).toEqual({ error: 'No area at this address' })
    const calendar = await get('/shows/area/bay-area.ics?area=arizona&x=%00')
    expect(calendar.status).toBe(200)
    expect(calendar.body).toContain('Sala oakland')
    expect(calendar.body).not.toContain('Sala tucson')
    await stillServing()
  })

  it('keeps answering every area page and calendar while areas and shows are published', async () => {
    const statuses: number[] = []
    let publishing = true
    const reader = async () => {
      while (publishing) {
        for (const address of [
          '/shows',
          '/shows?area=bay-area',
          '/shows?area=mexico-city',
          '/shows/area/mexico-city.ics',
        ]) {
          statuses.push((await get(address)).status)
        }
      }
    }
    const readers = Array.from({ length: 4 }, reader)
    for (let i = 0; i < 5; i++) {
      await publish(showIn(`oakland-${i}`, 'bay-area'))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await publish(areaDoc('mexico-city', 'Mexico City'), showIn('cdmx', 'mexico-city'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    publishing = false
    await Promise.all(readers)
    expect(statuses.length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([])
    // Once published, the new area has its page and calendar; the new shows are on the area's page.
    expect((await get('/shows?area=mexico-city')).status).toBe(200)
    const feed = await get('/shows/area/mexico-city.ics')
    expect(feed.status).toBe(200)
    expect(feed.body).toContain('Sala cdmx')
    expect((await get('/shows?area=bay-area')).body).toContain('Sala oakland-4')
  })
})
