import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContentStore, importDocuments, type SanityDocument } from '../engine'
import { migrateTwoLanguages, TRANSLATABLE_FIELDS, twoLanguagesPatch } from './two-languages'

const fixtures = path.resolve('tests/fixtures')
const fixtureImage = 'image-34b195f933bbdf04e914117e8a99d4e5e591926a-8x6-png'

/** The seed as it was before two languages, its pictures pointed at the fixture's image (no asset importer). */
function oldSeed(): SanityDocument[] {
  const text = readFileSync(path.join(fixtures, 'seed-before-two-languages.ndjson'), 'utf8')
    .replace(/"_sanityAsset":"image@[^"]*"/g, `"asset":{"_type":"reference","_ref":"${fixtureImage}"}`)
    .replace(
      /"_sanityAsset":"file@[^"]*"/g,
      '"asset":{"_type":"reference","_ref":"file-efd52f54f220e25df3758c644a22c12ba4263286-mp3"}',
    )
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SanityDocument)
}

/** A stored document of `type` with `fields`, its system fields left empty. */
const stored = (_id: string, _type: string, fields: Record<string, unknown>) =>
  ({ _id, _type, _rev: 'r', _createdAt: '', _updatedAt: '', ...fields }) as SanityDocument

const valueAt = (doc: unknown, dotted: string) =>
  dotted.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc)

/** The document with its translatable fields and the system fields a commit changes left out. */
function rest(doc: SanityDocument): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>
  for (const key of ['_rev', '_updatedAt', 'language']) delete copy[key]
  for (const dotted of Object.keys(TRANSLATABLE_FIELDS[doc._type] ?? {})) {
    const keys = dotted.split('.')
    const holder = keys
      .slice(0, -1)
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], copy)
    if (holder && typeof holder === 'object') delete (holder as Record<string, unknown>)[keys.at(-1)!]
  }
  return copy
}

describe('content migration to two languages (ADR 193), on a copy of a real data dir', () => {
  let dir: string
  let store: ContentStore
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'two-languages-'))
    copyFileSync(path.join(fixtures, 'data-dir-0.1.0', 'content.sqlite'), path.join(dir, 'content.sqlite'))
    store = new ContentStore({ file: path.join(dir, 'content.sqlite') })
    // The fixture's content (a post with history, a draft, an event), plus the old seed with every kind of text.
    await importDocuments(store, 'production', oldSeed(), { author: 'test' })
    const state = store.dataset('production')
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply('drafts.show-old-note', {
        createOrReplace: {
          ...state.get(oldSeed().find((d) => d._type === 'event')!._id)!,
          _id: 'drafts.show-old-note',
          notes: 'Draft note',
        },
      })
    })
  })
  afterEach(() => {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('moves every old text to `en` unchanged, touches nothing else, and a second run changes nothing', async () => {
    const before = new Map(
      [...store.dataset('production').docs.values()].map((doc) => [doc._id, structuredClone(doc)]),
    )
    const oldTexts = [...before.values()].flatMap((doc) =>
      Object.keys(TRANSLATABLE_FIELDS[doc._type] ?? {}).flatMap((dotted) => {
        const value = valueAt(doc, dotted)
        return value === undefined ? [] : [{ id: doc._id, dotted, value }]
      }),
    )
    // Every kind of translatable text is in the copy, or the test would prove less than it says.
    expect(new Set(oldTexts.map(({ dotted }) => dotted)).size).toBe(
      new Set(Object.values(TRANSLATABLE_FIELDS).flatMap((fields) => Object.keys(fields))).size,
    )

    const changed = await migrateTwoLanguages(store, 'production')
    expect(changed).toBeGreaterThan(10)

    const after = store.dataset('production')
    expect(after.docs.size).toBe(before.size)
    for (const { id, dotted, value } of oldTexts) {
      expect(valueAt(after.get(id), dotted), `${id} ${dotted}`).toEqual(
        expect.objectContaining({ en: value }),
      )
      expect((valueAt(after.get(id), dotted) as { es?: unknown }).es).toBeUndefined()
    }
    for (const [id, doc] of before) expect(rest(after.get(id)!), id).toEqual(rest(doc))
    expect(after.get('drafts.show-old-note')!.notes).toEqual({ _type: 'localeText', en: 'Draft note' })
    // Areas' names too: the sign-up form, the tour page, mails and feeds name areas in both languages.
    expect(after.get('area-mexico-city')!.name).toEqual({ _type: 'localeString', en: 'Mexico City' })
    for (const doc of after.docs.values()) {
      if (doc._type === 'newsPost') expect(doc.language, doc._id).toBe('en')
    }

    const revisions = new Map([...after.docs.values()].map((doc) => [doc._id, doc._rev]))
    expect(await migrateTwoLanguages(store, 'production')).toBe(0)
    for (const doc of store.dataset('production').docs.values()) expect(doc._rev).toBe(revisions.get(doc._id))
  })

  it('survives a restart: the migrated content is what the database holds', async () => {
    await migrateTwoLanguages(store, 'production')
    const expected = [...store.dataset('production').docs.values()].map((doc) => structuredClone(doc))
    store.close()
    store = new ContentStore({ file: path.join(dir, 'content.sqlite') })
    expect(await migrateTwoLanguages(store, 'production')).toBe(0)
    for (const doc of expected) expect(store.dataset('production').get(doc._id)).toEqual(doc)
  })

  it('leaves values of the new shape and Spanish texts alone', () => {
    const area = stored('area-bay-area', 'area', {
      name: { _type: 'localeString', en: 'Bay Area', es: 'Área de la Bahía' },
    })
    expect(twoLanguagesPatch(area)).toBeNull()
    expect(twoLanguagesPatch({ ...area, name: 'Bay Area' } as SanityDocument)).toEqual({
      name: { _type: 'localeString', en: 'Bay Area' },
    })
    const doc = stored('e', 'event', {
      notes: { _type: 'localeText', en: 'Support: Las Cafeteras', es: 'Abren: Las Cafeteras' },
    })
    expect(twoLanguagesPatch(doc)).toBeNull()
    expect(twoLanguagesPatch({ ...doc, notes: 'Plain' } as SanityDocument)).toEqual({
      notes: { _type: 'localeText', en: 'Plain' },
    })
  })
})
