import type { SanityClient } from '@sanity/client'
import type { SlugValidationContext } from 'sanity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSlugUnique } from '../../studio/schema-types/validation'
import { startTestContentServer, type TestContentServer } from './testing/test-server'

// The Studio's slug check (studio/schema-types/validation.ts) run against the embedded content API through the
// official client, over every copy a document can have: published, draft, and versions in releases.
let t: TestContentServer
let admin: SanityClient

beforeAll(async () => {
  t = await startTestContentServer()
  admin = t.client('admin')
  await admin.createOrReplace({ _id: 'show-a', _type: 'event', slug: { _type: 'slug', current: 'a-slug' } })
  await admin.createOrReplace({
    _id: 'drafts.show-a',
    _type: 'event',
    slug: { _type: 'slug', current: 'a-slug' },
  })
  await admin.releases.create({ releaseId: 'rWinter', metadata: { title: 'Winter' } })
  await admin.releases.create({ releaseId: 'rSpring', metadata: { title: 'Spring' } })
  for (const [release, id, slug] of [
    ['rWinter', 'show-a', 'a-slug'],
    ['rSpring', 'show-a', 'a-slug'],
    ['rWinter', 'show-new', 'new-slug'],
  ] as const)
    await admin.createVersion({
      document: { _id: `versions.${release}.${id}`, _type: 'event', slug: { _type: 'slug', current: slug } },
      publishedId: id,
      releaseId: release,
    })
  await admin.createOrReplace({
    _id: 'drafts.show-new',
    _type: 'event',
    slug: { _type: 'slug', current: 'new-slug' },
  })
})
afterAll(() => t.close())

const studioCheck = (slug: string, id: string, type = 'event') =>
  isSlugUnique(slug, {
    document: { _id: id, _type: type },
    getClient: () => admin,
  } as unknown as SlugValidationContext)

describe("the Studio's slug check over releases", () => {
  it('lets every copy of a document keep its slug: published, draft, and its versions in any release', async () => {
    for (const id of ['show-a', 'drafts.show-a', 'versions.rWinter.show-a', 'versions.rSpring.show-a'])
      expect(await studioCheck('a-slug', id), id).toBe(true)
  })

  it('lets a new show made in a release keep its slug beside a draft the Studio left of it', async () => {
    expect(await studioCheck('new-slug', 'versions.rWinter.show-new')).toBe(true)
  })

  it('finds the slug taken by another document, in any of its copies', async () => {
    expect(await studioCheck('a-slug', 'versions.rWinter.show-new')).toBe(false)
    expect(await studioCheck('new-slug', 'drafts.show-a')).toBe(false)
    expect(await studioCheck('new-slug', 'versions.rSpring.show-a')).toBe(false)
  })

  it('compares within one document type', async () => {
    expect(await studioCheck('a-slug', 'post-1', 'post')).toBe(true)
  })
})
