import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'
import type { SanityDocument } from '../engine'
import { exportDataset, importDataset } from './dataset-archive'

let source: EdgeTestServer
let target: EdgeTestServer
const tmp = mkdtempSync(path.join(os.tmpdir(), 'archive-test-'))

beforeAll(async () => {
  ;[source, target] = await Promise.all([startEdgeTestServer(), startEdgeTestServer()])
})
afterAll(async () => {
  await Promise.all([source.close(), target.close()])
})

/** Every document, revisions and timestamps included. */
function comparable(server: EdgeTestServer): Record<string, unknown>[] {
  return [...server.store.dataset('production').docs.values()].sort((a, b) => a._id.localeCompare(b._id))
}

async function seedFolder(): Promise<string> {
  const dir = path.join(tmp, 'seed')
  mkdirSync(path.join(dir, 'images'), { recursive: true })
  mkdirSync(path.join(dir, 'files'), { recursive: true })
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toFile(path.join(dir, 'images', 'poster.jpg'))
  writeFileSync(path.join(dir, 'files', 'clip.mp4'), Buffer.from('pretend video bytes'))
  const docs = [
    {
      _id: 'siteSettings',
      _type: 'siteSettings',
      bandName: 'Los Forasteros',
      heroVideo: { _type: 'file', _sanityAsset: 'file@file://./files/clip.mp4' },
      logo: { _type: 'image', _sanityAsset: 'image@file://./images/poster.jpg', alt: 'Logo' },
    },
    {
      _id: 'media-1',
      _type: 'mediaItem',
      gallery: [{ _key: 'a', _type: 'image', _sanityAsset: 'image@file://./images/poster.jpg' }],
    },
    { _id: 'drafts.media-2', _type: 'mediaItem', caption: 'Draft' },
  ]
  writeFileSync(path.join(dir, 'production.ndjson'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n')
  return path.join(dir, 'production.ndjson')
}

describe('dataset import and export', () => {
  it('imports NDJSON with _sanityAsset files as Sanity does, and refuses duplicates without --replace', async () => {
    const file = await seedFolder()
    const result = await importDataset({
      store: source.store,
      assets: source.assets.service,
      files: source.assets.files,
      dataset: 'production',
      file,
      identity: 'test',
    })
    expect(result).toMatchObject({ documents: 3, assets: 3 })
    const settings = source.store.dataset('production').get('siteSettings')!
    expect(settings.logo).toEqual({
      _type: 'image',
      asset: { _type: 'reference', _ref: expect.stringMatching(/^image-[a-f0-9]{40}-40x30-jpg$/) },
      alt: 'Logo',
    })
    expect(settings.heroVideo).toEqual({
      _type: 'file',
      asset: { _type: 'reference', _ref: expect.stringMatching(/^file-[a-f0-9]{40}-mp4$/) },
    })
    const logoRef = (settings.logo as { asset: { _ref: string } }).asset._ref
    expect(source.store.dataset('production').get(logoRef)).toMatchObject({
      _type: 'sanity.imageAsset',
      originalFilename: 'poster.jpg',
    })

    await expect(
      importDataset({
        store: source.store,
        assets: source.assets.service,
        files: source.assets.files,
        dataset: 'production',
        file,
        identity: 'test',
      }),
    ).rejects.toThrow(/already exist/)
    await importDataset({
      store: source.store,
      assets: source.assets.service,
      files: source.assets.files,
      dataset: 'production',
      file,
      identity: 'test',
      mode: 'replace',
    })
  })

  it('round-trips a tar.gz export into another data dir, documents and asset bytes identical', async () => {
    const archive = path.join(tmp, 'export.tar.gz')
    const exported = await exportDataset({
      store: source.store,
      files: source.assets.files,
      dataset: 'production',
      file: archive,
    })
    expect(exported).toEqual({ documents: 3, assets: 2 })

    const names: string[] = []
    await tar.t({ file: archive, onReadEntry: (entry) => names.push(entry.path) })
    expect(names).toEqual(
      expect.arrayContaining(['production-export/data.ndjson', 'production-export/assets.json']),
    )
    expect(names.filter((n) => n.startsWith('production-export/images/') && n.endsWith('.jpg'))).toHaveLength(
      1,
    )

    await importDataset({
      store: target.store,
      assets: target.assets.service,
      files: target.assets.files,
      dataset: 'production',
      file: archive,
      identity: 'test',
    })
    expect(comparable(target)).toEqual(comparable(source))

    for (const asset of comparable(source).filter((d) => String(d._type).startsWith('sanity.'))) {
      const url = String(asset.url)
      const [a, b] = await Promise.all([
        fetch(`${source.url}${url}`).then((r) => r.arrayBuffer()),
        fetch(`${target.url}${url}`).then((r) => r.arrayBuffer()),
      ])
      expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true)
      expect(a.byteLength).toBeGreaterThan(0)
    }
  })

  it('exports plain NDJSON with every document', async () => {
    const file = path.join(tmp, 'out.ndjson')
    await exportDataset({ store: source.store, files: source.assets.files, dataset: 'production', file })
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SanityDocument)
    expect(lines.map((d) => d._id)).toEqual([...source.store.dataset('production').docs.keys()].sort())
  })

  it('rejects bad lines and assets outside the import folder', async () => {
    const bad = path.join(tmp, 'bad.ndjson')
    writeFileSync(bad, '{"_id":"a","_type":"x"}\n{nope}\n')
    await expect(
      importDataset({
        store: target.store,
        assets: target.assets.service,
        files: target.assets.files,
        dataset: 'production',
        file: bad,
        identity: 't',
      }),
    ).rejects.toThrow(/Line 2/)
    writeFileSync(
      bad,
      JSON.stringify({ _id: 'evil', _type: 'x', img: { _sanityAsset: 'image@file://./../../etc/passwd' } }),
    )
    await expect(
      importDataset({
        store: target.store,
        assets: target.assets.service,
        files: target.assets.files,
        dataset: 'production',
        file: bad,
        identity: 't',
      }),
    ).rejects.toThrow(/leaves the import folder/)
    expect(target.store.dataset('production').get('evil')).toBeNull()
  })
})
