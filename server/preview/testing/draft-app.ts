import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { contentConfigFor } from '../../../web/src/config/public-config'
import { createEmbeddedContentApi, type EmbeddedContentApi } from '../../content-api/embedded-content-api'
import { ContentStore } from '../../content-api/engine'
import { parseEnv } from '../../env'
import { createLogger } from '../../logger'
import { embeddedSiteContent } from '../../page-cache/site-content'
import { seedWithoutFiles } from '../../page-cache/testing/seed-without-files'
import { sourceRenderer } from '../../page-cache/testing/source-renderer'
import type { Renderer } from '../../ssr/renderer'
import { createTestApp } from '../../testing/test-app'
import { createDraftMode, type DraftMode } from '../draft-mode'
import { DRAFT_COOKIE } from '../draft-sessions'
import { issuePreviewToken } from '../preview-token'

export type DraftApp = {
  url: string
  store: ContentStore
  contentApi: EmbeddedContentApi
  draftMode: DraftMode
  /** Writes a preview secret document as the Studio's Presentation tool does; returns the secret. */
  addSecret: (secret?: string) => Promise<string>
  /** A browser's draft-session cookie (`name=value`), from the enable route with a new secret. */
  draftCookie: () => Promise<string>
  close: () => Promise<void>
}

let secrets = 0

/** The real app with draft mode over the embedded content API and the seed content, on a loopback port. */
export async function startDraftApp(
  options: {
    draftMode?: (defaults: Parameters<typeof createDraftMode>[0]) => DraftMode
    /** Wraps the renderer (to watch the renders). */
    renderer?: (renderer: Renderer) => Renderer
  } = {},
): Promise<DraftApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draft-app-'))
  const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
  await store.commit('production', { author: 'test' }, (ws) => {
    for (const doc of seedWithoutFiles()) ws.apply(String(doc._id), { createOrReplace: doc as never })
  })
  // The query time limit has tests of its own; here a render waiting on a loaded machine is no failure.
  const env = parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    QUERY_TIMEOUT_MS: '60000',
  })
  const contentApi = await createEmbeddedContentApi({ env, store, logger: createLogger(env) })
  const content = contentConfigFor({ dataset: 'production' })
  const server: Server = createServer()
  let url = ''
  const defaults = {
    content,
    token: issuePreviewToken(contentApi.accounts.apiTokens),
    loopbackApiUrl: () => `${url}/content`,
  }
  const draftMode = options.draftMode?.(defaults) ?? createDraftMode(defaults)
  const app = createTestApp({
    env: { TEST_NOW: '2025-10-01T12:00:00Z' },
    renderer: options.renderer?.(sourceRenderer()) ?? sourceRenderer(),
    siteContent: embeddedSiteContent(store, content),
    routers: { '/content': contentApi.router },
    draftMode,
  })
  server.on('request', app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const addSecret = async (secret = `secret-${process.pid}-${++secrets}`) => {
    await store.commit('production', { author: 'test' }, (ws) => {
      const id = `drafts.preview-secret-${secrets}-${secret.length}`
      ws.apply(id, {
        createOrReplace: {
          _id: id,
          _type: 'sanity.previewUrlSecret',
          secret,
          source: 'presentation',
          studioUrl: 'https://studio.test/admin',
        } as never,
      })
    })
    return secret
  }
  const draftCookie = async () => {
    const answer = await fetch(
      `${url}/api/preview/enable?${new URLSearchParams({ 'sanity-preview-secret': await addSecret() })}`,
      { redirect: 'manual' },
    )
    const cookie = answer.headers.get('set-cookie') ?? ''
    if (answer.status !== 307 || !cookie.startsWith(`${DRAFT_COOKIE}=`)) {
      throw new Error(`enable answered ${answer.status}: ${await answer.text()}`)
    }
    return cookie.split(';')[0]!
  }
  return {
    url,
    store,
    contentApi,
    draftMode,
    addSecret,
    draftCookie,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      contentApi.close()
      store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
