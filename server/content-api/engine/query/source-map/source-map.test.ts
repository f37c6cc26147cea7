import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  jsonPath,
  jsonPathToStudioPath,
  parseJsonPath,
  resolveMapping,
  studioPath,
  walkMap,
} from '@sanity/client/csm'
import { describe, expect, it } from 'vitest'
import * as siteQueries from '../../../../../web/src/content/queries'
import {
  CORPUS_DOCUMENTS,
  CORPUS_PARAMS,
  CORPUS_PERSPECTIVES,
  CORPUS_QUERIES,
} from '../../../testing/groq-corpus'
import { parsePerspective, queryViewFor } from '../../perspectives'
import { DatasetState } from '../../store/dataset-state'
import type { SanityDocument } from '../../types'
import { runQuery, runQueryWithSourceMap, type QueryContext } from '../groq'
import type { ContentSourceMap, SourceMapMode } from './source-map'

/**
 * Two properties hold for every query (ADR 141): asking for a source map changes nothing in the result, and
 * every mapping is true: the value at the result path is the value at the source path of the named document,
 * both read with @sanity/client's own path functions.
 */
function contextOf(docs: Record<string, unknown>[], perspective: string): QueryContext {
  const state = new DatasetState('production')
  for (const doc of docs) state.docs.set(doc._id as string, doc as SanityDocument)
  return { ...queryViewFor(state, parsePerspective(perspective, 'X'), false), maxDepth: 200 }
}

function untrueMappings(result: unknown, map: ContentSourceMap, context: QueryContext): string[] {
  const untrue: string[] = []
  for (const [resultPath, mapping] of Object.entries(map.mappings)) {
    if (mapping.source.type !== 'documentValue') continue
    const { _id } = map.documents[mapping.source.document]!
    const doc = context.dataset.find((d) => {
      const { _id: id, _originalId } = d as { _id: string; _originalId?: string }
      return (_originalId ?? id) === _id
    })
    const sourcePath = map.paths[mapping.source.path]!
    const there = studioPath.get(doc, jsonPathToStudioPath(parseJsonPath(sourcePath)))
    const here = studioPath.get(result, jsonPathToStudioPath(parseJsonPath(resultPath)))
    const sameSyntax = jsonPath(parseJsonPath(resultPath)) === resultPath
    if (there === undefined || JSON.stringify(there) !== JSON.stringify(here) || !sameSyntax) {
      untrue.push(`${resultPath} -> ${_id} ${sourcePath}`)
    }
  }
  return untrue
}

async function check(query: string, context: QueryContext, mode: SourceMapMode) {
  const plain = await runQuery(query, context)
  const mapped = await runQueryWithSourceMap(query, context, mode)
  return {
    sameResult: JSON.stringify(mapped.result) === JSON.stringify(plain),
    untrue: untrueMappings(mapped.result, mapped.sourceMap, context),
    mappings: Object.keys(mapped.sourceMap.mappings).length,
    sourceMap: mapped.sourceMap,
    result: mapped.result,
  }
}

describe('source maps over the GROQ corpus', () => {
  for (const perspective of CORPUS_PERSPECTIVES) {
    it(`leave every result unchanged and map only true values (${perspective})`, async () => {
      const context = { ...contextOf(CORPUS_DOCUMENTS, perspective), params: CORPUS_PARAMS }
      const failures: string[] = []
      let mappings = 0
      for (const query of CORPUS_QUERIES) {
        for (const mode of ['index', 'key'] as const) {
          const outcome = await check(query, context, mode).catch((error: Error) => ({
            sameResult: false,
            untrue: [error.message],
            mappings: 0,
          }))
          if (!outcome.sameResult) failures.push(`result differs: ${query}`)
          for (const untrue of outcome.untrue) failures.push(`${query}: ${untrue}`)
          mappings += outcome.mappings
        }
      }
      expect(failures).toEqual([])
      // Not vacuous: most corpus queries return document values.
      expect(mappings).toBeGreaterThan(250)
    })
  }
})

const seed = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../content/seed/production.ndjson'),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>)

describe("source maps over the site's own queries and seed content", () => {
  const context = {
    ...contextOf(seed, 'published'),
    params: {
      slug: 'x',
      start: 0,
      end: 10,
      pastCount: 6,
      upcomingCount: 10,
      recentFrom: '2025-01-01T00:00:00.000Z',
      recentTo: '2025-01-05T00:00:00.000Z',
      since: '2024-01-01T00:00:00.000Z',
      area: null,
      lang: 'en',
    },
    timestamp: new Date('2026-01-01T00:00:00Z'),
  }

  it('leave every site query unchanged, map only true values, and give every string an edit link', async () => {
    const slugOf = (type: string) =>
      (seed.find((doc) => doc._type === type && doc.slug) as { slug: { current: string } }).slug.current
    // Both languages (ADR 193): the seed has every text in both, so no English stands in and no "en" is computed.
    const runs = Object.entries(siteQueries).flatMap(([name, query]) =>
      ['en', 'es'].map((lang) => ({ name, query, lang })),
    )
    for (const { name, query, lang } of runs) {
      const slug = name.startsWith('show') ? slugOf('event') : slugOf('newsPost')
      const params = { ...context.params, slug, lang }
      const outcome = await check(query, { ...context, params }, 'key')
      expect(outcome.sameResult, `${name} ${lang}`).toBe(true)
      expect(outcome.untrue, `${name} ${lang}`).toEqual([])
      // What the client's stega encoding looks up for each string: a mapping at its path or above it.
      const unmapped: string[] = []
      walkMap(outcome.result, (value, at) => {
        if (typeof value === 'string' && !resolveMapping(at, outcome.sourceMap)) unmapped.push(jsonPath(at))
        return value
      })
      expect(unmapped, `${name} ${lang}`).toEqual([])
    }
  })

  it("map the home page's strings to their documents and fields", async () => {
    const settings = await check(siteQueries.siteSettingsQuery, context, 'key')
    const sources = settings.sourceMap.mappings
    expect(settings.sourceMap.documents[0]).toEqual({ _id: 'siteSettings', _type: 'siteSettings' })
    expect(settings.sourceMap.paths[sources["$['tagline']"]!.source.path]).toBe("$['tagline']['en']")
    const links = settings.result as { socialLinks: { _key: string }[] }
    const first = `$['socialLinks'][0]['url']`
    expect(settings.sourceMap.paths[sources[first]!.source.path]).toBe(
      `$['socialLinks'][?(@._key=='${links.socialLinks[0]!._key}')]['url']`,
    )

    const tour = await check(siteQueries.tourDatesQuery, context, 'key')
    const dates = tour.result as { later: { _id: string }[] }
    const venue = tour.sourceMap.mappings["$['later'][0]['venue']"]!.source
    expect(tour.sourceMap.documents[venue.document]!._id).toBe(dates.later[0]!._id)
    expect(tour.sourceMap.paths[venue.path]).toBe("$['venue']")
    // `"slug": slug.current` is a document value too.
    expect(tour.sourceMap.paths[tour.sourceMap.mappings["$['later'][0]['slug']"]!.source.path]).toBe(
      "$['slug']['current']",
    )
  })
})

describe('values whose source cannot be followed', () => {
  const docs = [
    { _id: 'a', _type: 'show', title: 'Same', tags: ['x', 'y', 'x'] },
    { _id: 'b', _type: 'show', title: 'Same' },
  ]

  it('get no mapping rather than a wrong one', async () => {
    const context = contextOf(docs, 'published')
    // `title` comes from b's splat, equal to a's title: a's would be the wrong document.
    const spread = await check(`*[_id == "a"][0]{title, ...*[_id == "b"][0]{title}}`, context, 'index')
    expect(spread.sourceMap.mappings).toEqual({})
    // Which "x" a filter kept is unknowable: no mapping; "y" occurs once.
    const filtered = await check(`*[_id == "a"][0]{"kept": tags[@ != "nothing"]}`, context, 'index')
    expect(Object.keys(filtered.sourceMap.mappings)).toEqual(["$['kept'][1]"])
  })
})
