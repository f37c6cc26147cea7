import type { ContentSourceMap, SanityClient } from '@sanity/client'
import { stegaClean } from '@sanity/client/stega'
import { vercelStegaDecode, vercelStegaSplit } from '@vercel/stega'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, TEST_TOKENS, type TestContentServer } from './testing/test-server'

// Content source maps (`resultSourceMap`) as Sanity answers them, read with the official client (ADR 141).
let t: TestContentServer

const show = {
  _id: 'show-1',
  _type: 'event',
  venue: 'Whelans',
  city: 'Dublin',
  slug: { _type: 'slug', current: 'whelans-dublin' },
  startsAt: '2026-12-01T20:00:00Z',
  tags: ['folk', 'live', 'all ages'],
  setlist: [
    { _key: 'k-open', _type: 'song', title: 'Opener' },
    { _key: 'k-mid', _type: 'song', title: 'Ballad' },
    { _key: 'k-close', _type: 'song', title: 'Closer' },
  ],
}

beforeAll(async () => {
  t = await startTestContentServer()
  const admin = t.client('admin')
  await admin.createOrReplace(show)
  await admin.createOrReplace({
    _id: 'show-2',
    _type: 'event',
    venue: 'Vicar Street',
    city: 'Dublin',
    startsAt: '2026-12-02T20:00:00Z',
  })
  await admin.createOrReplace({
    _id: 'tourPromo',
    _type: 'tourPromo',
    heading: 'On tour this winter',
    event: { _type: 'reference', _ref: 'show-1' },
  })
  await admin.createOrReplace({ ...show, _id: 'drafts.show-1', venue: 'Whelans Upstairs' })
})
afterAll(() => t.close())

type Answer = { result: unknown; resultSourceMap?: ContentSourceMap }

async function fetchMapped(
  query: string,
  resultSourceMap: true | 'withKeyArraySelector' = true,
  client: SanityClient = t.client(),
): Promise<Answer> {
  return (await client.fetch(query, {}, { filterResponse: false, resultSourceMap })) as Answer
}

/** Each mapping as `result path -> "document id: source path"`, so a test states the whole map at once. */
function sources(map: ContentSourceMap | undefined): Record<string, string> {
  expect(map, 'the answer has a resultSourceMap').toBeDefined()
  const out: Record<string, string> = {}
  for (const [resultPath, mapping] of Object.entries(map!.mappings)) {
    expect(mapping.type).toBe('value')
    const source = mapping.source
    if (source.type !== 'documentValue') throw new Error(`unexpected source ${source.type}`)
    out[resultPath] = `${map!.documents[source.document]!._id}: ${map!.paths[source.path]}`
  }
  return out
}

describe('resultSourceMap', () => {
  it('maps each projected field to its document and path, with the documents and paths tables', async () => {
    const answer = await fetchMapped(`*[_id == "show-1"][0]{venue, city, "slug": slug.current, startsAt}`)
    expect(answer.result).toEqual({
      venue: 'Whelans',
      city: 'Dublin',
      slug: 'whelans-dublin',
      startsAt: '2026-12-01T20:00:00Z',
    })
    expect(answer.resultSourceMap).toEqual({
      documents: [{ _id: 'show-1', _type: 'event' }],
      paths: ["$['venue']", "$['city']", "$['slug']['current']", "$['startsAt']"],
      mappings: {
        "$['venue']": { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } },
        "$['city']": { type: 'value', source: { type: 'documentValue', document: 0, path: 1 } },
        "$['slug']": { type: 'value', source: { type: 'documentValue', document: 0, path: 2 } },
        "$['startsAt']": { type: 'value', source: { type: 'documentValue', document: 0, path: 3 } },
      },
    })
  })

  it('maps values reached through a reference (->) to the referenced document', async () => {
    const answer = await fetchMapped(
      `*[_id == "tourPromo"][0]{heading, "venue": event->venue, "show": event->{city, "when": startsAt}}`,
    )
    expect(sources(answer.resultSourceMap)).toEqual({
      "$['heading']": "tourPromo: $['heading']",
      "$['venue']": "show-1: $['venue']",
      "$['show']['city']": "show-1: $['city']",
      "$['show']['when']": "show-1: $['startsAt']",
    })
  })

  it('writes array members by index with resultSourceMap=true, by _key with withKeyArraySelector', async () => {
    const query = `*[_id == "show-1"][0]{"songs": setlist[].title, "closer": setlist[2]{title}, setlist}`
    const byIndex = await fetchMapped(query, true)
    expect(sources(byIndex.resultSourceMap)).toEqual({
      "$['songs'][0]": "show-1: $['setlist'][0]['title']",
      "$['songs'][1]": "show-1: $['setlist'][1]['title']",
      "$['songs'][2]": "show-1: $['setlist'][2]['title']",
      "$['closer']['title']": "show-1: $['setlist'][2]['title']",
      "$['setlist']": "show-1: $['setlist']",
    })
    const byKey = await fetchMapped(query, 'withKeyArraySelector')
    expect(byKey.result).toEqual(byIndex.result)
    expect(sources(byKey.resultSourceMap)).toEqual({
      "$['songs'][0]": "show-1: $['setlist'][?(@._key=='k-open')]['title']",
      "$['songs'][1]": "show-1: $['setlist'][?(@._key=='k-mid')]['title']",
      "$['songs'][2]": "show-1: $['setlist'][?(@._key=='k-close')]['title']",
      "$['closer']['title']": "show-1: $['setlist'][?(@._key=='k-close')]['title']",
      "$['setlist']": "show-1: $['setlist']",
    })
  })

  it('follows slices and filters of documents and of arrays', async () => {
    const answer = await fetchMapped(
      `*[_type == "event"] | order(startsAt asc)[0...2]{
        venue,
        "encore": setlist[1..2],
        "notOpening": setlist[_key != "k-open"].title,
        "tags": tags[@ != "live"]
      }`,
      'withKeyArraySelector',
    )
    expect(sources(answer.resultSourceMap)).toEqual({
      "$[0]['venue']": "show-1: $['venue']",
      "$[0]['encore'][0]": "show-1: $['setlist'][?(@._key=='k-mid')]",
      "$[0]['encore'][1]": "show-1: $['setlist'][?(@._key=='k-close')]",
      "$[0]['notOpening'][0]": "show-1: $['setlist'][?(@._key=='k-mid')]['title']",
      "$[0]['notOpening'][1]": "show-1: $['setlist'][?(@._key=='k-close')]['title']",
      "$[0]['tags'][0]": "show-1: $['tags'][0]",
      "$[0]['tags'][1]": "show-1: $['tags'][2]",
      "$[1]['venue']": "show-2: $['venue']",
    })
  })

  it('gives computed values no mapping', async () => {
    const answer = await fetchMapped(`*[_id == "show-1"][0]{
      "label": venue + ", " + city,
      "songs": count(setlist),
      "fallback": coalesce(subtitle, "TBA"),
      "chosen": coalesce(subtitle, city),
      "upper": upper(venue),
      "constant": "Dublin",
      venue
    }`)
    expect(answer.result).toMatchObject({ label: 'Whelans, Dublin', songs: 3, fallback: 'TBA' })
    expect(sources(answer.resultSourceMap)).toEqual({
      "$['chosen']": "show-1: $['city']",
      "$['venue']": "show-1: $['venue']",
    })
  })

  it('maps conditional projections and spreads', async () => {
    const answer = await fetchMapped(
      `*[_id in ["show-1", "tourPromo"]] | order(_id asc){_id, _type == "tourPromo" => {heading}, _type == "event" => {...slug}}`,
    )
    expect(sources(answer.resultSourceMap)).toEqual({
      "$[0]['_id']": "show-1: $['_id']",
      "$[0]['_type']": "show-1: $['slug']['_type']",
      "$[0]['current']": "show-1: $['slug']['current']",
      "$[1]['_id']": "tourPromo: $['_id']",
      "$[1]['heading']": "tourPromo: $['heading']",
    })
  })

  it('names the draft a value came from in the drafts perspective, and each document in raw', async () => {
    const viewer = t.client('viewer', { perspective: 'drafts' })
    const drafts = await fetchMapped(`*[_id == "show-1"][0]{_id, venue}`, true, viewer)
    expect(drafts.result).toEqual({ _id: 'show-1', venue: 'Whelans Upstairs' })
    expect(drafts.resultSourceMap!.documents).toEqual([{ _id: 'drafts.show-1', _type: 'event' }])
    expect(sources(drafts.resultSourceMap)).toEqual({
      "$['_id']": "drafts.show-1: $['_id']",
      "$['venue']": "drafts.show-1: $['venue']",
    })
    const raw = t.client('viewer', { perspective: 'raw' })
    const both = await fetchMapped(`*[_id in ["show-1", "drafts.show-1"]] | order(_id asc).venue`, true, raw)
    expect(both.result).toEqual(['Whelans Upstairs', 'Whelans'])
    expect(sources(both.resultSourceMap)).toEqual({
      '$[0]': "drafts.show-1: $['venue']",
      '$[1]': "show-1: $['venue']",
    })
  })

  it('answers POST queries too, and sends no map unless asked', async () => {
    const response = await fetch(`${t.apiHost}/v2025-02-19/data/query/production?resultSourceMap=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '*[_id == $id][0]{venue}', params: { id: 'show-1' } }),
    })
    expect(response.status).toBe(200)
    const posted = (await response.json()) as Answer
    expect(sources(posted.resultSourceMap)).toEqual({ "$['venue']": "show-1: $['venue']" })
    const plain = await t.client().fetch('*[_id == "show-1"][0]{venue}', {}, { filterResponse: false })
    expect(plain).not.toHaveProperty('resultSourceMap')
  })

  it('refuses an unknown resultSourceMap value with 400', async () => {
    const response = await fetch(
      `${t.apiHost}/v2025-02-19/data/query/production?query=*&resultSourceMap=sometimes`,
      { headers: { authorization: `Bearer ${TEST_TOKENS.viewer}` } },
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { description: string } }).error.description).toContain(
      'resultSourceMap',
    )
  })
})

describe('stega encoding by the official client over these answers', () => {
  const editLink = (value: unknown) => {
    expect(typeof value).toBe('string')
    const decoded = vercelStegaDecode<{ origin: string; href: string }>(value as string)
    expect(decoded, `"${String(value)}" carries an edit link`).toBeDefined()
    expect(decoded!.origin).toBe('sanity.io')
    return decodeURIComponent(decoded!.href)
  }

  it('encodes each mapped string with the edit link of its document and field', async () => {
    const client = t.client('viewer', {
      perspective: 'drafts',
      stega: { enabled: true, studioUrl: '/admin' },
    })
    const result = await client.fetch<{
      heading: string
      venue: string
      songs: string[]
      label: string
    }>(
      `*[_id == "tourPromo"][0]{heading, "venue": event->venue, "songs": event->setlist[].title, "label": heading + "!"}`,
    )

    expect(stegaClean(result)).toEqual({
      heading: 'On tour this winter',
      venue: 'Whelans Upstairs',
      songs: ['Opener', 'Ballad', 'Closer'],
      label: 'On tour this winter!',
    })
    expect(vercelStegaSplit(result.venue).cleaned).toBe('Whelans Upstairs')
    expect(editLink(result.heading)).toMatch(
      /^\/admin\/intent\/edit\/mode=presentation;id=tourPromo;type=tourPromo;path=heading\?/,
    )
    // A draft's values link to the document's published id, as Sanity's own answers do.
    expect(editLink(result.venue)).toMatch(
      /^\/admin\/intent\/edit\/mode=presentation;id=show-1;type=event;path=venue\?/,
    )
    expect(editLink(result.songs[1])).toMatch(/;id=show-1;type=event;path=setlist\[_key=="k-mid"\]\.title\?/)
    // Computed values carry nothing.
    expect(vercelStegaDecode(result.label)).toBeUndefined()
  })
})
