import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { PreviewPerspective } from '../../web/src/lib/preview/preview-contract'
import { contentViewOf, contentViews } from './content-view'
import { threadReadsOf } from './draft-reads'
import { createDraftMode } from './draft-mode'
import { DRAFT_COOKIE, DRAFT_SESSION_IDLE_MS, createDraftSessions } from './draft-sessions'

const TOKEN = 'viewer-token-of-the-server'
const published: ContentClient = { fetch: () => Promise.reject(new Error('not read in this test')) }

/** An app that answers each request with the content view it was given, as plain data. */
function viewApp({ token = TOKEN, now = () => Date.now() }: { token?: string; now?: () => number } = {}) {
  const sessions = createDraftSessions({ now })
  const draftMode = createDraftMode({
    content: contentConfigFor({ dataset: 'production' }),
    token: token || undefined,
    loopbackApiUrl: () => 'http://127.0.0.1:1/content',
    sessions,
  })
  let lookups = 0
  const counted = draftMode.drafts && {
    ...draftMode.drafts,
    sessions: {
      ...sessions,
      lookup: (req: Parameters<typeof sessions.lookup>[0]) => (lookups++, sessions.lookup(req)),
    },
  }
  const app = express()
    .use(contentViews({ published: () => published, drafts: counted }))
    .use((req, res) => {
      // Asked twice, as the stored-page skip and the page handler do: decided once.
      contentViewOf(req)
      const view = contentViewOf(req)
      const reads = threadReadsOf(view.reader)
      res.json({
        cachePolicy: view.cachePolicy,
        perspective: view.perspective,
        publishedReader: view.reader === published,
        reads: reads && { perspective: reads.perspective, token: reads.token },
        session: view.cachePolicy === 'private' ? view.session : undefined,
        lookups,
      })
    })
  const cookieFor = (perspective?: PreviewPerspective) => `${DRAFT_COOKIE}=${sessions.start(perspective)}`
  return { app, cookieFor }
}

const PUBLISHED = { cachePolicy: 'shared', perspective: 'published', publishedReader: true }

describe('the content view: decided once per request', () => {
  it('reads published content, to be kept by every cache, without a cookie', async () => {
    const { app } = viewApp()
    const { body } = await request(app).get('/shows').expect(200)
    expect(body).toMatchObject({ ...PUBLISHED, lookups: 1 })
  })

  it('reads drafts with the server token in a live draft session, private, in its turn', async () => {
    const { app, cookieFor } = viewApp()
    const cookie = cookieFor()
    const { body } = await request(app).get('/shows').set('Cookie', `theme=dark; ${cookie}`).expect(200)
    expect(body).toEqual({
      cachePolicy: 'private',
      perspective: 'drafts',
      publishedReader: false,
      reads: { perspective: 'drafts', token: TOKEN },
      session: cookie.split('=')[1],
      lookups: 1,
    })
  })

  it("reads a release's versions over the drafts when the session previews a release (ADR 180)", async () => {
    const { app, cookieFor } = viewApp()
    const { body } = await request(app)
      .get('/')
      .set('Cookie', cookieFor(['rTour', 'drafts']))
      .expect(200)
    expect(body).toMatchObject({
      cachePolicy: 'private',
      perspective: ['rTour', 'drafts'],
      reads: { perspective: ['rTour', 'drafts'] },
    })
  })

  it("keeps a session's Published switch private: the published documents, with stega, never stored", async () => {
    const { app, cookieFor } = viewApp()
    const { body } = await request(app).get('/').set('Cookie', cookieFor('published')).expect(200)
    expect(body).toMatchObject({ cachePolicy: 'private', perspective: 'published', publishedReader: false })
  })

  it("gives a viewer published content: a token opens no draft view, nor do the Studio's own pages", async () => {
    const { app, cookieFor } = viewApp()
    const bearer = await request(app).get('/shows').set('Authorization', `Bearer ${TOKEN}`).expect(200)
    expect(bearer.body).toMatchObject(PUBLISHED)
    const cookie = cookieFor()
    for (const studioPage of ['/admin', '/admin/presentation']) {
      const { body } = await request(app).get(studioPage).set('Cookie', cookie).expect(200)
      expect(body, studioPage).toMatchObject(PUBLISHED)
    }
  })

  it('gives an anonymous browser with a forged, expired or cleared cookie published content', async () => {
    let at = Date.now()
    const { app, cookieFor } = viewApp({ now: () => at })
    const expired = cookieFor()
    at += DRAFT_SESSION_IDLE_MS
    for (const cookie of [`${DRAFT_COOKIE}=forged-${'x'.repeat(43)}`, expired, `${DRAFT_COOKIE}=`]) {
      const { body } = await request(app).get('/shows').set('Cookie', cookie).expect(200)
      expect(body, cookie).toMatchObject(PUBLISHED)
    }
  })

  it('reads published content whatever the cookie when no token can read drafts', async () => {
    const { app, cookieFor } = viewApp({ token: '' })
    const { body } = await request(app).get('/shows').set('Cookie', cookieFor()).expect(200)
    expect(body).toMatchObject({ ...PUBLISHED, lookups: 0 })
  })
})
