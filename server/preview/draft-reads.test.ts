import { createClient } from '@sanity/client'
import { stegaClean, stegaEncodeSourceMap, type ContentSourceMap } from '@sanity/client/stega'
import { describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { stegaCleanJson, stegaCleanText } from '../../web/src/lib/preview/stega-clean'
import { STUDIO_PATH } from '../../web/src/lib/preview/preview-contract'
import { draftClientConfig, draftClientsFor } from './draft-reads'
import { sitePathOr } from './preview-router'

const LOOPBACK = 'http://127.0.0.1:3000/content'

describe('draft reads: one code path for both backends', () => {
  it('reads the embedded content API over loopback with the drafts perspective, the token and stega', () => {
    const config = draftClientConfig({
      content: contentConfigFor({ dataset: 'production' }),
      token: 'lft_x',
      loopbackApiUrl: LOOPBACK,
    })
    const client = createClient(config)
    expect(client.getUrl(client.getDataUrl('query'))).toBe(`${LOOPBACK}/v2025-02-19/data/query/production`)
    expect(client.config()).toMatchObject({
      perspective: 'drafts',
      useCdn: false,
      token: 'lft_x',
      stega: { enabled: true, studioUrl: STUDIO_PATH },
    })
  })

  it("reads Sanity's live API (never the CDN) for a Sanity project, the rest the same", () => {
    const config = draftClientConfig({
      content: contentConfigFor({ sanityProjectId: 'abc123', dataset: 'staging' }),
      token: 'sk_viewer',
      loopbackApiUrl: LOOPBACK,
    })
    const client = createClient(config)
    expect(client.getUrl(client.getDataUrl('query'))).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/query/staging',
    )
    expect(client.getUrl(client.getDataUrl('live/events'))).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/live/events/staging',
    )
    expect(client.config()).toMatchObject({ perspective: 'drafts', useCdn: false, token: 'sk_viewer' })
  })
})

describe('draft clients per perspective', () => {
  const clientsFor = draftClientsFor({ content: contentConfigFor({ dataset: 'production' }), token: 'lft_x' })

  it('reads a release stack as the Studio stacks it, and drafts or published as switched', () => {
    expect(clientsFor(LOOPBACK).config().perspective).toBe('drafts')
    expect(clientsFor(LOOPBACK, 'published').config().perspective).toBe('published')
    const release = clientsFor(LOOPBACK, ['rTour', 'drafts'])
    expect(release.config().perspective).toEqual(['rTour', 'drafts'])
    expect(clientsFor(LOOPBACK, ['rTour', 'drafts'])).toBe(release)
    expect(release.config()).toMatchObject({ useCdn: false, token: 'lft_x', stega: { enabled: true } })
  })

  it('keeps a bounded number of clients however many releases a session names', () => {
    const first = clientsFor(LOOPBACK, ['r0', 'drafts'])
    for (let index = 1; index <= 40; index++) clientsFor(LOOPBACK, [`r${index}`, 'drafts'])
    expect(clientsFor(LOOPBACK, ['r0', 'drafts'])).not.toBe(first)
    expect(clientsFor(LOOPBACK).config().perspective).toBe('drafts')
  })
})

describe('stega', () => {
  // A result as the content API answers it, with its content source map.
  const result = { venue: 'Irvine Bowl', timeZone: 'America/Los_Angeles', slug: 'irvine', status: 'onSale' }
  const sourceMap: ContentSourceMap = {
    documents: [{ _id: 'event-1', _type: 'event' }],
    paths: ["$['venue']", "$['timeZone']", "$['slug']['current']", "$['status']"],
    mappings: {
      "$['venue']": { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } },
      "$['timeZone']": { type: 'value', source: { type: 'documentValue', document: 0, path: 1 } },
      "$['slug']": { type: 'value', source: { type: 'documentValue', document: 0, path: 2 } },
      "$['status']": { type: 'value', source: { type: 'documentValue', document: 0, path: 3 } },
    },
  }
  const { filter } = (draftClientConfig({
    content: contentConfigFor({ dataset: 'production' }),
    token: 't',
    loopbackApiUrl: LOOPBACK,
  }).stega ?? {}) as { filter?: Parameters<typeof stegaEncodeSourceMap>[2]['filter'] }
  const encoded = stegaEncodeSourceMap(result, sourceMap, { enabled: true, studioUrl: STUDIO_PATH, filter })

  it('marks only the listed display fields: never a time zone, a slug or a status the code reads', () => {
    expect(encoded.venue).not.toBe(result.venue)
    expect(encoded.venue.startsWith(result.venue)).toBe(true)
    expect(encoded.timeZone).toBe(result.timeZone)
    expect(encoded.slug).toBe(result.slug)
    expect(encoded.status).toBe(result.status)
  })

  it("is cleaned by the site's small cleaner exactly as by the client's own", () => {
    expect(stegaCleanText(encoded.venue)).toBe(stegaClean(encoded.venue))
    expect(stegaCleanText(encoded.venue)).toBe(result.venue)
    expect(stegaCleanJson(encoded)).toEqual(stegaClean(encoded))
    expect(stegaCleanText('Plain')).toBe('Plain')
  })
})

describe('redirect after enable', () => {
  it('goes to a path on this site only', () => {
    expect(sitePathOr('/shows/x?y=1')).toBe('/shows/x?y=1')
    expect(sitePathOr('//evil.example/')).toBe('/')
    expect(sitePathOr('/\\evil.example/')).toBe('/')
    expect(sitePathOr('https://evil.example/')).toBe('/')
    expect(sitePathOr(undefined)).toBe('/')
  })
})
