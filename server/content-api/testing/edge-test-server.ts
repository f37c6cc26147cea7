import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { createTestApp } from '../../testing/test-app'
import { parseEnv } from '../../env'
import { createLogger } from '../../logger'
import type { Accounts } from '../accounts/accounts'
import type { Assets } from '../assets/assets'
import { contentStoreFile, createEmbeddedContentApi } from '../embedded-content-api'
import { ContentStore } from '../engine'

export type EdgeTestServer = {
  url: string
  dataDir: string
  accounts: Accounts
  assets: Assets
  store: ContentStore
  client: (token?: string, apiVersion?: string) => SanityClient
  close: () => Promise<void>
}

/**
 * The embedded content API as the server composes it (real store, real accounts, real assets) under
 * `/content`, on port 0 with a throwaway data dir, or with `dataDir` (a restart: the caller removes it).
 */
export async function startEdgeTestServer(
  env: Record<string, string> = {},
  { dataDir: givenDataDir }: { dataDir?: string } = {},
): Promise<EdgeTestServer> {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'content-edge-'))
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'administrator-password',
    ...env,
  })
  const store = new ContentStore({ file: contentStoreFile(dataDir) })
  const content = await createEmbeddedContentApi({ env: parsed, store, logger: createLogger(parsed) })
  const app = createTestApp({ routers: { '/content': content.router } })
  const server = app.listen(0)
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  return {
    url,
    dataDir,
    accounts: content.accounts,
    assets: content.assets,
    store,
    client: (token, apiVersion = '2026-05-04') =>
      createClient({
        apiHost: `${url}/content`,
        useProjectHostname: false,
        projectId: 'local',
        dataset: 'production',
        apiVersion,
        useCdn: false,
        token,
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      content.close()
      store.close()
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
