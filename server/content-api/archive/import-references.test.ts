import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SanityClient } from '@sanity/client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../cli/run-cli'
import {
  ContentStore,
  importDocuments,
  MissingReferencesError,
  strongReferences,
  type SanityDocument,
} from '../engine'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'
import { exportDataset, importDataset } from './dataset-archive'

// An import never leaves a strong reference dangling (ADR 140): references must resolve within the import or
// the dataset; otherwise the import is refused before anything is written, or, on request, they are weakened.
let source: EdgeTestServer
let target: EdgeTestServer
let sourceClient: SanityClient
let targetClient: SanityClient
const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-refs-'))

async function editorOf(server: EdgeTestServer) {
  const user = await server.accounts.users.create({
    email: 'i@example.com',
    name: 'I',
    role: 'editor',
    password: 'p',
  })
  return server.client(server.accounts.sessions.create(user.id).token, '2025-02-19')
}

beforeAll(async () => {
  ;[source, target] = await Promise.all([startEdgeTestServer(), startEdgeTestServer()])
  ;[sourceClient, targetClient] = await Promise.all([editorOf(source), editorOf(target)])
})
afterAll(async () => {
  await Promise.all([source.close(), target.close()])
})

const ref = (id: string, extra: Record<string, unknown> = {}) => ({ _type: 'reference', _ref: id, ...extra })
const docsOf = (server: EdgeTestServer, dataset = 'production') => server.store.dataset(dataset).docs

/** Every strong reference in the dataset (release versions aside) that points nowhere: must stay empty. */
function danglingIn(server: EdgeTestServer, dataset = 'production'): string[] {
  const docs = docsOf(server, dataset)
  return [...docs.values()]
    .filter((doc) => !doc._id.startsWith('versions.'))
    .flatMap((doc) =>
      strongReferences(doc)
        .filter((id) => !docs.has(id))
        .map((id) => `${doc._id} -> ${id}`),
    )
}

describe('reference checks on import', () => {
  it('refuses strong references that resolve nowhere, listing every one, and writes nothing', async () => {
    target.store.createDataset('refuse')
    const before = docsOf(target, 'refuse').size
    const docs: SanityDocument[] = [
      {
        _id: 'show-1',
        _type: 'event',
        venue: ref('venue-gone'),
        lineup: [{ _key: 'a', ...ref('band-gone') }],
      },
      { _id: 'show-2', _type: 'event', venue: ref('venue-gone') },
      { _id: 'drafts.show-3', _type: 'event', venue: ref('venue-draft-gone') },
    ]
    const error = await importDocuments(target.store, 'refuse', docs).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingReferencesError)
    expect(error).toMatchObject({
      status: 409,
      type: 'documentReferenceDoesNotExistError',
      extra: {
        count: 4,
        references: [
          { id: 'show-1', referenceID: 'venue-gone' },
          { id: 'show-1', referenceID: 'band-gone' },
          { id: 'show-2', referenceID: 'venue-gone' },
          { id: 'drafts.show-3', referenceID: 'venue-draft-gone' },
        ],
      },
    })
    expect((error as Error).message).toContain('show-1 -> band-gone')
    expect(docsOf(target, 'refuse').size).toBe(before)
  })

  it('accepts references to documents later in the import or already in the dataset, and unchecked kinds', async () => {
    target.store.createDataset('accept')
    await importDocuments(target.store, 'accept', [{ _id: 'venue-old', _type: 'venue' }])
    const docs: SanityDocument[] = [
      // Committed first (older revision) although its target comes later: the check is over the whole import.
      {
        _id: 'show',
        _type: 'event',
        _rev: 'r1',
        _updatedAt: '2024-01-01T00:00:00Z',
        venue: ref('venue-new'),
        previous: ref('venue-old'),
        maybe: ref('nowhere', { _weak: true }),
        elsewhere: ref('x', { _dataset: 'other' }),
        global: ref('media-library:ml1:asset'),
      },
      { _id: 'venue-new', _type: 'venue', _rev: 'r2', _updatedAt: '2024-02-01T00:00:00Z' },
      // Release versions neither need nor hold strong references here (as in the write path).
      { _id: 'versions.rA.show', _type: 'event', venue: ref('venue-in-release') },
    ]
    expect(await importDocuments(target.store, 'accept', docs)).toMatchObject({ documents: 3 })
    expect(danglingIn(target, 'accept')).toEqual([])
  })

  it('"missing" mode ignores what the import says about documents it keeps', async () => {
    target.store.createDataset('missing')
    await importDocuments(target.store, 'missing', [{ _id: 'kept', _type: 'venue' }])
    await importDocuments(target.store, 'missing', [{ _id: 'kept', _type: 'venue', owner: ref('nobody') }], {
      mode: 'missing',
    })
    expect(docsOf(target, 'missing').get('kept')).not.toHaveProperty('owner')
  })

  it('weakens only the dangling references when asked, so the dataset holds no dangling strong one', async () => {
    target.store.createDataset('weaken')
    const docs: SanityDocument[] = [
      { _id: 'venue', _type: 'venue' },
      { _id: 'show', _type: 'event', venue: ref('venue'), poster: ref('poster-gone') },
    ]
    await importDocuments(target.store, 'weaken', docs, { missingReferences: 'weaken' })
    const show = docsOf(target, 'weaken').get('show')!
    expect(show.venue).toEqual(ref('venue'))
    expect(show.poster).toEqual(ref('poster-gone', { _weak: true }))
    expect(docs[1]!.poster).toEqual(ref('poster-gone')) // the caller's documents are not changed
    expect(danglingIn(target, 'weaken')).toEqual([])
  })

  it('refuses a replacement that changes the type of a document others strongly reference', async () => {
    target.store.createDataset('retype')
    await importDocuments(target.store, 'retype', [
      { _id: 'venue', _type: 'venue' },
      { _id: 'show', _type: 'event', venue: ref('venue') },
    ])
    await expect(
      importDocuments(target.store, 'retype', [{ _id: 'venue', _type: 'city' }], { mode: 'replace' }),
    ).rejects.toMatchObject({
      status: 409,
      extra: { items: [{ error: { type: 'documentHasExistingReferencesError', referencingIDs: ['show'] } }] },
    })
    expect(docsOf(target, 'retype').get('venue')!._type).toBe('venue')
  })

  it('moves a whole dataset, references and images included, into another data dir that keeps them strong', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#884422' } })
      .png()
      .toBuffer()
    const image = await sourceClient.assets.upload('image', png, { filename: 'poster.png' })
    await sourceClient
      .transaction()
      .create({ _id: 'venue-x', _type: 'venue', name: 'Foro' })
      .create({
        _id: 'show-x',
        _type: 'event',
        venue: ref('venue-x'),
        poster: { _type: 'image', asset: ref(image._id) },
      })
      .commit()
    const archive = path.join(tmp, 'moved.tar.gz')
    await exportDataset({
      store: source.store,
      files: source.assets.files,
      dataset: 'production',
      file: archive,
    })
    await importDataset({
      store: target.store,
      assets: target.assets.service,
      files: target.assets.files,
      dataset: 'production',
      file: archive,
      identity: 'test',
    })
    expect(danglingIn(target)).toEqual([])
    const show = await targetClient.getDocument('show-x')
    expect(show).toMatchObject({ venue: ref('venue-x'), poster: { asset: ref(image._id) } })
    // The references arrived strong: the target's write path protects them.
    await expect(targetClient.delete('venue-x')).rejects.toMatchObject({ statusCode: 409 })
    await expect(targetClient.delete(image._id)).rejects.toMatchObject({ statusCode: 409 })
    expect((await fetch(`${target.url}${image.url}`)).status).toBe(200)
  })
})

describe('content CLI import', () => {
  async function cli(dataDir: string, ...argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const code = await runCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('refuses dangling references with the list, and imports them weak with --weaken-missing-references', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'cli-'))
    const file = path.join(dataDir, 'in.ndjson')
    writeFileSync(
      file,
      [
        { _id: 'show', _type: 'event', venue: ref('venue-gone') },
        { _id: 'news', _type: 'newsPost', about: ref('show') },
      ]
        .map((d) => JSON.stringify(d))
        .join('\n') + '\n',
    )
    const refused = await cli(dataDir, 'import', file)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('show -> venue-gone')
    expect(refused.err).toContain('--weaken-missing-references')

    const weakened = await cli(dataDir, 'import', file, '--weaken-missing-references')
    expect(weakened.code).toBe(0)
    const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    expect(store.dataset('production').get('show')!.venue).toEqual(ref('venue-gone', { _weak: true }))
    expect(store.dataset('production').get('news')!.about).toEqual(ref('show'))
    store.close()
  })
})
