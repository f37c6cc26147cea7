import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importDocuments, importNdjsonFile, readNdjson, seedIfEmpty, type AssetImporter } from '../engine'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

const SEED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../testing/fixtures/seed')

/**
 * Records what it was asked for and answers with a deterministic asset id, creating that asset document as the
 * assets module would (an import refuses strong references to documents that do not exist, ADR 140).
 */
function recordingImporter() {
  const calls: unknown[] = []
  const importer: AssetImporter = {
    importAsset: async (request) => {
      calls.push(request)
      const assetId = `image-${path.basename(request.url).replace(/\W/g, '')}-1x1-png`
      await t.store.commit(request.dataset, { author: 'test' }, (ws) => {
        ws.apply(assetId, { createIfNotExists: { _id: assetId, _type: 'sanity.imageAsset' } })
      })
      return { assetId }
    },
  }
  return { importer, calls }
}

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer({ datasets: ['copy', 'copy2'] })
})
afterAll(() => t.close())

const exportText = async (dataset: string, token = 'test-viewer-token') =>
  (
    await fetch(`${t.apiHost}/v2025-02-19/data/export/${dataset}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).text()

describe('NDJSON import and export', () => {
  it('seeds an empty dataset once, handing _sanityAsset fields to the asset importer', async () => {
    const { importer, calls } = recordingImporter()
    const result = await seedIfEmpty(t.store, 'production', SEED_DIR, importer)
    expect(result).toMatchObject({ documents: 6, assets: 1 })
    expect(calls).toEqual([
      expect.objectContaining({
        kind: 'image',
        url: 'file://./images/logo.png',
        baseDir: SEED_DIR,
        documentId: 'siteSettings',
        path: 'logo',
      }),
    ])
    const settings = await t.client('admin').getDocument('siteSettings')
    expect(settings?.logo).toEqual({
      _type: 'image',
      alt: 'Emblem',
      asset: { _type: 'reference', _ref: 'image-logopng-1x1-png' },
    })
    expect(await seedIfEmpty(t.store, 'production', SEED_DIR, importer)).toBeNull()
  })

  it('fails an import with assets but no importer, naming the document, and writes nothing', async () => {
    const error = await importNdjsonFile(t.store, 'copy2', path.join(SEED_DIR, 'production.ndjson')).catch(
      (e: Error) => e,
    )
    expect(String(error)).toMatch(
      /Document "siteSettings" references an asset \(logo: image@file:\/\/\.\/images\/logo\.png\)/,
    )
    expect(t.store.dataset('copy2').docs.size).toBe(0)
  })

  it('round-trips: export, import into another dataset, export again gives identical NDJSON', async () => {
    const client = t.client('admin')
    await client.patch('ev-veracruz').set({ price: 350, currency: 'MXN' }).commit()
    await client
      .transaction()
      .create({
        _id: 'n1',
        _type: 'newsPost',
        title: 'Ñandú',
        body: [{ _key: 'b', _type: 'block', children: [] }],
      })
      .createOrReplace({ _id: 'drafts.n1', _type: 'newsPost', title: 'Ñandú 2' })
      .commit()
    const first = await exportText('production')
    // Seven documents and the logo's asset document.
    expect(first.trim().split('\n')).toHaveLength(9)
    const docs = await readNdjson(Readable.from([first]))
    await importDocuments(t.store, 'copy', docs)
    const second = await exportText('copy')
    expect(second).toBe(first)
    // The imported revisions are real transactions: history and listeners line up with them.
    const rev = JSON.parse(first.split('\n').find((l) => l.includes('"ev-veracruz"'))!)._rev
    expect(t.store.transactionInfo('copy', rev)).not.toBeNull()
  })

  it('exports only public documents to anonymous callers and can leave drafts out', async () => {
    const anonymous = await (await fetch(`${t.apiHost}/v2025-02-19/data/export/production`)).text()
    expect(anonymous).not.toContain('drafts.')
    const noDrafts = await (
      await fetch(`${t.apiHost}/v2025-02-19/data/export/production?drafts=false&types=event`, {
        headers: { authorization: 'Bearer test-viewer-token' },
      })
    ).text()
    expect(
      noDrafts
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)._id),
    ).toEqual(['ev-tucson', 'ev-veracruz'])
  })

  it('reports bad NDJSON with its line number', async () => {
    await expect(readNdjson(Readable.from(['{"_id":"a","_type":"x"}\n{oops\n']))).rejects.toThrow(
      /Line 2 is not valid JSON/,
    )
    await expect(readNdjson(Readable.from(['{"_type":"x"}\n']))).rejects.toThrow(
      /Line 1: missing or invalid _id/,
    )
    expect(readFileSync(path.join(SEED_DIR, 'production.ndjson'), 'utf8')).toContain('_sanityAsset')
  })
})
