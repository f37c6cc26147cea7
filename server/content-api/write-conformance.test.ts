import type { ClientError } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strongReferences } from './engine'
import { strengthenOnPublish } from './engine'
import { startTestContentServer, type TestContentServer } from './testing/test-server'

// Writes as Sanity's Content Lake answers them, driven with the official client (ADR 140).
let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the request should have been refused').toBeInstanceOf(Error)
  return error as ClientError
}

const itemError = (error: ClientError) =>
  (error.details as { items: { error: Record<string, unknown> }[] }).items[0]!.error

describe('revision preconditions', () => {
  it('answer a wrong ifRevisionID with documentRevisionIDDoesNotMatchError and both revisions', async () => {
    const client = t.client('admin')
    const doc = await client.create({ _id: 'rev-1', _type: 'venue', name: 'Whelans' })
    const error = await failure(client.patch('rev-1').ifRevisionId('stale').set({ name: 'x' }).commit())
    expect(error.statusCode).toBe(409)
    expect(itemError(error)).toMatchObject({
      type: 'documentRevisionIDDoesNotMatchError',
      id: 'rev-1',
      currentRevisionID: doc._rev,
      expectedRevisionID: 'stale',
    })
  })

  it('answer a publish with a stale ifDraftRevisionId the same way', async () => {
    const client = t.client('admin')
    const draft = await client.create({ _id: 'drafts.rev-2', _type: 'venue', name: 'Vicar St' })
    const error = await failure(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.rev-2',
        publishedId: 'rev-2',
        ifDraftRevisionId: 'old',
      }),
    )
    expect(error.statusCode).toBe(409)
    expect(itemError(error)).toMatchObject({
      type: 'documentRevisionIDDoesNotMatchError',
      currentRevisionID: draft._rev,
      expectedRevisionID: 'old',
    })
  })
})

describe('reference integrity', () => {
  beforeAll(async () => {
    const client = t.client('admin')
    await client.create({ _id: 'venue-a', _type: 'venue', name: 'Olympia' })
    await client.create({
      _id: 'show-a',
      _type: 'show',
      venue: { _type: 'reference', _ref: 'venue-a' },
      lineup: [{ _key: 'k', _type: 'reference', _ref: 'venue-weak', _weak: true }],
    })
  })

  it('refuses to delete a strongly referenced document, naming who references it', async () => {
    const error = await failure(t.client('admin').delete('venue-a'))
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain(
      'Document "venue-a" cannot be deleted as there are references to it from "show-a"',
    )
    expect(itemError(error)).toMatchObject({
      type: 'documentHasExistingReferencesError',
      id: 'venue-a',
      referencingIDs: ['show-a'],
    })
    await expect(t.client('admin').getDocument('venue-a')).resolves.toMatchObject({ name: 'Olympia' })
  })

  it('refuses it through the Actions API and when unpublishing too', async () => {
    const client = t.client('admin')
    const deleting = await failure(
      client.action({
        actionType: 'sanity.action.document.delete',
        publishedId: 'venue-a',
        includeDrafts: [],
      }),
    )
    expect(itemError(deleting)).toMatchObject({ type: 'documentHasExistingReferencesError' })
    const unpublishing = await failure(
      client.action({
        actionType: 'sanity.action.document.unpublish',
        draftId: 'drafts.venue-a',
        publishedId: 'venue-a',
      }),
    )
    expect(itemError(unpublishing)).toMatchObject({ type: 'documentHasExistingReferencesError' })
  })

  it('allows the delete when the referencing document goes in the same transaction', async () => {
    const client = t.client('admin')
    await client.create({ _id: 'venue-b', _type: 'venue' })
    await client.create({ _id: 'show-b', _type: 'show', venue: { _type: 'reference', _ref: 'venue-b' } })
    await client.transaction().delete('venue-b').delete('show-b').commit()
    await expect(client.getDocument('venue-b')).resolves.toBeUndefined()
  })

  it('refuses a strong reference to a missing document, also in a draft, and allows a weak one', async () => {
    const client = t.client('admin')
    const error = await failure(
      client.create({ _id: 'show-c', _type: 'show', venue: { _type: 'reference', _ref: 'nowhere' } }),
    )
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain('Document "show-c" references non-existent document "nowhere"')
    expect(itemError(error)).toMatchObject({
      type: 'documentReferenceDoesNotExistError',
      id: 'show-c',
      referenceID: 'nowhere',
    })
    const draft = await failure(
      client
        .patch('drafts.rev-2')
        .set({ venue: { _type: 'reference', _ref: 'drafts.venue-a' } })
        .commit(),
    )
    expect(itemError(draft)).toMatchObject({ type: 'documentReferenceDoesNotExistError' })
    await client.create({
      _id: 'show-d',
      _type: 'show',
      venue: { _type: 'reference', _ref: 'nowhere', _weak: true },
    })
  })

  it('refuses changing the _type of a referenced document', async () => {
    const client = t.client('admin')
    const error = await failure(client.createOrReplace({ _id: 'venue-a', _type: 'pub', name: 'Olympia' }))
    expect(error.statusCode).toBe(409)
    expect(itemError(error)).toMatchObject({ type: 'documentHasExistingReferencesError', id: 'venue-a' })
    await client.createOrReplace({ _id: 'venue-a', _type: 'venue', name: 'Olympia Theatre' })
  })
})

describe('publishing strengthens references', () => {
  it('makes _weak + _strengthenOnPublish references strong, keeping schema-weak ones weak', async () => {
    const client = t.client('admin')
    // The Studio's inline "create new" reference flow: the target exists as a draft only.
    await client.create({ _id: 'drafts.venue-new', _type: 'venue', name: 'New room' })
    await client.create({
      _id: 'drafts.show-new',
      _type: 'show',
      venue: { _type: 'reference', _ref: 'venue-new', _weak: true, _strengthenOnPublish: { type: 'venue' } },
      support: {
        _type: 'reference',
        _ref: 'venue-a',
        _weak: true,
        _strengthenOnPublish: { type: 'venue', weak: true },
      },
    })
    const early = await failure(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.show-new',
        publishedId: 'show-new',
      }),
    )
    expect(itemError(early)).toMatchObject({
      type: 'documentReferenceDoesNotExistError',
      referenceID: 'venue-new',
    })
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.venue-new',
      publishedId: 'venue-new',
    })
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.show-new',
      publishedId: 'show-new',
    })
    const published = await client.getDocument('show-new')
    expect(published?.venue).toEqual({ _type: 'reference', _ref: 'venue-new' })
    expect(published?.support).toEqual({ _type: 'reference', _ref: 'venue-a', _weak: true })
    const error = await failure(client.delete('venue-new'))
    expect(itemError(error)).toMatchObject({ referencingIDs: ['show-new'] })
  })

  it('strengthenOnPublish and strongReferences work on any nesting', () => {
    const doc = {
      body: [{ markDefs: [{ _type: 'link', ref: { _ref: 'x', _weak: true, _strengthenOnPublish: {} } }] }],
      other: { _ref: 'y' },
      weak: { _ref: 'z', _weak: true },
      crossDataset: { _ref: 'w', _dataset: 'other' },
    }
    const strong = strengthenOnPublish(doc)
    expect(strong.body[0]!.markDefs[0]!.ref).toEqual({ _ref: 'x' })
    expect(doc.body[0]!.markDefs[0]!.ref._weak).toBe(true)
    expect(strongReferences(strong)).toEqual(['x', 'y'])
  })
})

describe('the delete action', () => {
  it('deletes only the drafts includeDrafts names, and refuses to leave one behind', async () => {
    const client = t.client('admin')
    await client.create({ _id: 'song-1', _type: 'song' })
    await client.create({ _id: 'drafts.song-1', _type: 'song', title: 'edit' })
    const error = await failure(
      client.action({
        actionType: 'sanity.action.document.delete',
        publishedId: 'song-1',
        includeDrafts: [],
      }),
    )
    expect(error.statusCode).toBe(409)
    await expect(client.getDocument('drafts.song-1')).resolves.toBeDefined()
    await expect(client.getDocument('song-1')).resolves.toBeDefined()
    await client.action({
      actionType: 'sanity.action.document.delete',
      publishedId: 'song-1',
      includeDrafts: ['drafts.song-1'],
    })
    await expect(client.getDocument('drafts.song-1')).resolves.toBeUndefined()
    await expect(client.getDocument('song-1')).resolves.toBeUndefined()
  })
})
