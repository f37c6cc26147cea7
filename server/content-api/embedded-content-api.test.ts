import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createImageUrlBuilder } from '@sanity/image-url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { createAssetImporter } from './archive/asset-importer'
import { createEmbeddedContentApi } from './embedded-content-api'
import { seedIfEmpty, ContentStore } from './engine'
import { startEdgeTestServer, type EdgeTestServer } from './testing/edge-test-server'

describe('first start', () => {
  it('creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, or logs a generated password once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-'))
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
    const lines: string[] = []
    const logger = createLogger(env)
    logger.warn = ((_obj: object, msg: string) => {
      lines.push(msg)
    }) as unknown as typeof logger.warn
    const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    const first = await createEmbeddedContentApi({ env, store, logger })
    const password = /generated password "([^"]+)"/.exec(lines.join('\n'))?.[1]
    expect(password).toBeTruthy()
    expect(await first.accounts.users.verifyCredentials('admin@localhost', password!)).toMatchObject({
      role: 'administrator',
    })
    first.close()
    const second = await createEmbeddedContentApi({ env, store, logger })
    expect(lines).toHaveLength(1)
    expect(second.accounts.users.count()).toBe(1)
    second.close()
    store.close()
  })
})

describe('seed with assets', () => {
  let server: EdgeTestServer
  beforeAll(async () => {
    server = await startEdgeTestServer()
  })
  afterAll(() => server.close())

  it('imports _sanityAsset images on first start and serves them through @sanity/image-url', async () => {
    expect(
      await server.accounts.users.verifyCredentials('admin@example.com', 'administrator-password'),
    ).toBeTruthy()
    const seedDir = path.join(server.dataDir, 'seed')
    mkdirSync(path.join(seedDir, 'images'), { recursive: true })
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#e0a040' } })
      .jpeg()
      .toFile(path.join(seedDir, 'images', 'hero.jpg'))
    writeFileSync(
      path.join(seedDir, 'production.ndjson'),
      JSON.stringify({
        _id: 'siteSettings',
        _type: 'siteSettings',
        heroPoster: { _type: 'image', _sanityAsset: 'image@file://./images/hero.jpg', alt: 'Hero' },
      }) + '\n',
    )
    const assetImporter = createAssetImporter({ assets: server.assets.service, identity: 'seed' })
    expect(await seedIfEmpty(server.store, 'production', seedDir, assetImporter)).toMatchObject({
      documents: 1,
    })

    const settings = await server
      .client()
      .fetch<{ heroPoster: { asset: { _ref: string } } }>('*[_id == "siteSettings"][0]')
    const url = createImageUrlBuilder({
      baseUrl: `${server.url}/content`,
      projectId: 'local',
      dataset: 'production',
    })
      .image(settings.heroPoster)
      .width(300)
      .url()
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      width: 300,
      height: 200,
    })
  })
})
