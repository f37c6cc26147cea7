import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { parseEnv } from '../env'
import { createFeedRouter, type Feed } from './feeds'
import { createPageResponses } from './page-responses'

/** A feed registered like RSS (e.g. a calendar per show) is rendered once per content revision and kept. */
describe('createFeedRouter', () => {
  function setup() {
    const listeners = new Set<() => void>()
    const content = { version: 1, reads: 0 }
    const pages = createPageResponses({
      clock: { now: () => new Date('2025-10-01T19:00:00Z') },
      logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
      siteUrl: 'https://band.example',
      changes: {
        subscribe: (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    })
    const calendar: Feed = {
      path: '/shows/:slug.ics',
      contentType: 'text/calendar; charset=utf-8',
      render: async ({ params, absolute, content: client }) => {
        const show = await client.fetch<{ title: string } | null>('show', params)
        if (!show) return { status: 404, body: 'No such show\n' }
        return `BEGIN:VCALENDAR\nSUMMARY:${show.title}\nURL:${absolute(`/shows/${params.slug}`)}\nEND:VCALENDAR\n`
      },
    }
    const client = {
      fetch: async <Result>(_query: string, params?: Record<string, unknown>) => {
        content.reads++
        return (params?.slug === 'veracruz' ? { title: `Veracruz v${content.version}` } : null) as Result
      },
    }
    const app = express()
    app.use(
      createFeedRouter({
        feeds: [calendar],
        pages,
        contentClientFor: () => client,
        clock: { now: () => new Date() },
      }),
    )
    const publish = () => {
      content.version++
      listeners.forEach((listener) => listener())
    }
    return { app, content, publish }
  }

  it('renders once per revision, with absolute URLs on SITE_URL, and again after a change', async () => {
    const { app, content, publish } = setup()
    const first = await request(app).get('/shows/veracruz.ics?utm_source=x').expect(200)
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(first.text).toContain('SUMMARY:Veracruz v1\nURL:https://band.example/shows/veracruz')
    await request(app).get('/shows/veracruz.ics').expect(200)
    expect(content.reads).toBe(1)
    await request(app).get('/shows/veracruz.ics').set('If-None-Match', first.headers.etag!).expect(304)
    publish()
    expect((await request(app).get('/shows/veracruz.ics')).text).toContain('Veracruz v2')
    expect(content.reads).toBe(2)
  })

  it("keeps a feed's own 404, and renders again only after a change", async () => {
    const { app, content } = setup()
    await request(app).get('/shows/nowhere.ics').expect(404)
    await request(app).get('/shows/nowhere.ics').expect(404)
    expect(content.reads).toBe(1)
  })
})
