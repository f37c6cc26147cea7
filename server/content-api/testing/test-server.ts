import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import type { RequestHandler } from 'express'
import { createTestApp } from '../../testing/test-app'
import { ANONYMOUS, type Principal, ContentStore } from '../engine'
import { createContentApi, type ContentApiOptions } from '../http/router'

/** Fixed bearer tokens for tests; the real authenticator (accounts, sessions, API tokens) lives in the auth module. */
export const TEST_TOKENS = {
  admin: 'test-admin-token',
  editor: 'test-editor-token',
  viewer: 'test-viewer-token',
} as const

const PRINCIPALS: Record<string, Principal> = {
  [TEST_TOKENS.admin]: {
    kind: 'user',
    userId: 'pAdmin',
    name: 'Ada',
    email: 'ada@example.com',
    role: 'administrator',
  },
  [TEST_TOKENS.editor]: { kind: 'token', tokenId: 'editor', label: 'CI editor', role: 'editor' },
  [TEST_TOKENS.viewer]: {
    kind: 'user',
    userId: 'pViewer',
    name: 'Vic',
    email: 'vic@example.com',
    role: 'viewer',
  },
}

export const testAuthenticate: RequestHandler = (req, res, next) => {
  const header = req.headers.authorization ?? ''
  const token = header.startsWith('Bearer ') ? header.slice(7) : undefined
  if (token === undefined) {
    res.locals.principal = ANONYMOUS
    return next()
  }
  const principal = PRINCIPALS[token]
  if (!principal) {
    res.status(401).json({ error: { type: 'unauthorized', description: 'Invalid token' }, statusCode: 401 })
    return
  }
  res.locals.principal = principal
  next()
}

export type TestContentServer = {
  url: string
  apiHost: string
  store: ContentStore
  dataDir: string
  server: Server
  client: (token?: keyof typeof TEST_TOKENS, config?: Record<string, unknown>) => SanityClient
  close: () => Promise<void>
}

/** A real server (createApp + content API + SQLite in a temp dir) listening on port 0. */
export async function startTestContentServer(
  options: Partial<Omit<ContentApiOptions, 'store'>> & {
    datasets?: string[]
    /** The app's environment, e.g. TEST_NOW for the server clock its feeds read. */
    env?: NonNullable<Parameters<typeof createTestApp>[0]>['env']
  } = {},
): Promise<TestContentServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'content-api-'))
  const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite'), datasets: options.datasets })
  const api = createContentApi({ store, authenticate: testAuthenticate, ...options })
  const app = createTestApp({ routers: { '/content': api }, env: options.env })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const apiHost = `${url}/content`
  return {
    url,
    apiHost,
    store,
    dataDir,
    server,
    client: (token, config = {}) =>
      createClient({
        projectId: 'local',
        dataset: 'production',
        apiHost,
        useProjectHostname: false,
        apiVersion: '2025-02-19',
        useCdn: false,
        ...(token ? { token: TEST_TOKENS[token] } : {}),
        ...config,
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
