import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  seedIfEmpty,
  type AssetImporter,
  type QueryLimits,
  sharedQueryPool,
  ContentStore,
} from '../content-api/engine'
import { createContentApi } from '../content-api/http/router'
import { testAuthenticate } from '../content-api/testing/test-server'
import type { Renderer } from '../ssr/renderer'
import { createTestApp } from './test-app'

const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/seed')

/** Asset documents without bytes: pages render their URLs, nothing reads the files. */
function assetDocuments(store: ContentStore): AssetImporter {
  return {
    async importAsset({ dataset, kind, url }) {
      const hash = createHash('sha1').update(url).digest('hex')
      const assetId = kind === 'image' ? `image-${hash}-1600x900-jpg` : `file-${hash}-mp4`
      const type = kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset'
      const file = kind === 'image' ? `${hash}-1600x900.jpg` : `${hash}.mp4`
      await store.commit(dataset, { author: 'seed' }, (ws) =>
        ws.apply(assetId, {
          createOrReplace: {
            _id: assetId,
            _type: type,
            url: `/content/${kind}s/local/${dataset}/${file}`,
            metadata: { dimensions: { width: 1600, height: 900, aspectRatio: 16 / 9 } },
          },
        }),
      )
      return { assetId }
    },
  }
}

export type AbuseSite = {
  url: string
  queryUrl: string
  store: ContentStore
  server: Server
  close: () => Promise<void>
}

/**
 * The site as fans meet it, for abuse tests and benchmarks: the seed content in a real SQLite store, the
 * content API with its query workers, and page renders that read it over loopback, on port 0.
 */
export async function startAbuseSite({
  renderer,
  queryLimits,
}: {
  renderer?: Renderer
  queryLimits?: Partial<QueryLimits>
}): Promise<AbuseSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'abuse-site-'))
  const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
  await seedIfEmpty(store, 'production', SEED_DIR, assetDocuments(store))
  const api = createContentApi({ store, authenticate: testAuthenticate, queryLimits })
  const app = createTestApp({ renderer, routers: { '/content': api } })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const queryUrl = `${url}/content/v2025-02-19/data/query/production`
  // The workers are up before anything is measured.
  await sharedQueryPool().ready()
  return {
    url,
    queryUrl,
    store,
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
