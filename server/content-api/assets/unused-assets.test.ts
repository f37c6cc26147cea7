import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContentStore } from '../engine'
import { createAssets, type Assets } from './assets'
import { createImageVariants } from './image-variants'
import { storeAssetDocuments } from './store-asset-documents'
import { deleteUnusedAssets, findUnusedAssets } from './unused-assets'

const DATASET = 'production'
let store: ContentStore
let assets: Assets

beforeEach(() => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'unused-assets-'))
  store = new ContentStore({ file: path.join(dataDir, 'content.sqlite'), datasets: [DATASET] })
  assets = createAssets({
    dataDir,
    projectId: 'local',
    documents: storeAssetDocuments(store),
    publicBase: '/content',
  })
})
afterEach(() => store.close())

const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer()

const image = async (background: string) =>
  assets.service.upload('image', DATASET, await png(background), { filename: `${background}.png` }, 'test')

const create = (doc: Record<string, unknown> & { _id: string; _type: string }) =>
  store.commit(DATASET, { author: 'test' }, (ws) => ws.apply(doc._id, { create: doc }))

const onDisk = (kind: 'images' | 'files' | 'cache', file: string) =>
  existsSync(path.join(assets.files.folder(DATASET, kind), file))

describe('unused assets', () => {
  it('finds assets no document version references, and bytes no asset document describes', async () => {
    const cover = await image('#a03020')
    const inBody = await image('#2040a0')
    const inDraft = await image('#20a040')
    const unused = await image('#101010')
    const manual = await assets.service.upload(
      'file',
      DATASET,
      Buffer.from('%PDF-1.4 rider'),
      { filename: 'rider.pdf' },
      'test',
    )
    await create({
      _id: 'post',
      _type: 'newsPost',
      coverImage: { _type: 'image', asset: { _type: 'reference', _ref: cover._id } },
      // Portable Text nests image references inside blocks of an array.
      body: [{ _type: 'image', _key: 'i', asset: { _type: 'reference', _ref: inBody._id } }],
    })
    await create({
      _id: 'drafts.item',
      _type: 'mediaItem',
      image: { _type: 'image', asset: { _type: 'reference', _ref: inDraft._id } },
    })
    // Bytes left behind with no document (an interrupted upload or an import).
    mkdirSync(assets.files.folder(DATASET, 'files'), { recursive: true })
    writeFileSync(path.join(assets.files.folder(DATASET, 'files'), `${'e'.repeat(40)}.mp4`), 'stray')

    // Sorted by kind, then file name (the pdf's sha1 starts with d, before the stray eee...).
    const found = findUnusedAssets(store, assets.files, DATASET)
    expect(found.map(({ id, kind }) => ({ id, kind }))).toEqual([
      { id: manual._id, kind: 'files' },
      { id: null, kind: 'files' },
      { id: unused._id, kind: 'images' },
    ])
    expect(found.find((a) => a.id === unused._id)).toMatchObject({ originalFilename: '#101010.png' })
    expect(found.every((a) => a.bytes > 0)).toBe(true)
  })

  it('deletes the documents in one transaction, then their bytes and rendered variants', async () => {
    const kept = await image('#a03020')
    const unused = await image('#101010')
    await create({ _id: 'item', _type: 'mediaItem', image: { asset: { _ref: kept._id } } })
    const file = path.posix.basename(unused.path)
    await createImageVariants(assets.files).get(
      DATASET,
      file,
      { w: 10 },
      { encoding: 'webp', progressive: false },
    )
    expect(onDisk('cache', file)).toBe(true)

    const result = await deleteUnusedAssets(
      store,
      assets.files,
      DATASET,
      findUnusedAssets(store, assets.files, DATASET),
      'cli',
    )
    expect(result).toMatchObject({ documents: 1, files: 1 })
    expect(store.dataset(DATASET).get(unused._id)).toBeNull()
    expect(onDisk('images', file)).toBe(false)
    expect(onDisk('cache', file)).toBe(false)
    expect(store.dataset(DATASET).get(kept._id)).not.toBeNull()
    expect(onDisk('images', path.posix.basename(kept.path))).toBe(true)
    expect(findUnusedAssets(store, assets.files, DATASET)).toEqual([])
  })

  it('keeps an asset that gained a reference after it was listed', async () => {
    const photo = await image('#101010')
    const listed = findUnusedAssets(store, assets.files, DATASET)
    expect(listed).toHaveLength(1)
    await create({ _id: 'late', _type: 'mediaItem', image: { asset: { _ref: photo._id } } })
    expect(await deleteUnusedAssets(store, assets.files, DATASET, listed, 'cli')).toEqual({
      documents: 0,
      files: 0,
      bytes: 0,
    })
    expect(store.dataset(DATASET).get(photo._id)).not.toBeNull()
    expect(onDisk('images', path.posix.basename(photo.path))).toBe(true)
  })
})
