import { pathToFileURL } from 'node:url'
import type { RenderOptions, RenderPage, RenderResult } from '../../web/src/entry-server'
import { draftClientsFor, draftContentClient, type DraftReadOptions } from '../preview/draft-reads'
import type { PreviewPerspective } from '../../web/src/lib/preview/preview-contract'

/** What a draft render needs, as plain data: the thread builds its own reading client from it. */
export type DraftRenderTask = {
  /** The built server entry (dist/server/entry-server.js). */
  serverEntry: string
  url: string
  options: Omit<RenderOptions, 'contentClient' | 'now' | 'inlineCssText'> & {
    now: string
  }
  reads: DraftReadOptions & { perspective: PreviewPerspective }
}

let renderPage: Promise<RenderPage> | undefined
const clients = new Map<string, ReturnType<typeof draftClientsFor>>()

/**
 * A draft page rendered in a worker thread (renderer.ts, issue 36): its React render, stega encoding and
 * serialization are a draft session's own CPU at a lower priority, not turns of the event loop that answers the
 * fans' pages.
 */
export default async function renderDraftPage({
  serverEntry,
  url,
  options,
  reads,
}: DraftRenderTask): Promise<RenderResult> {
  renderPage ??= import(pathToFileURL(serverEntry).href).then(
    (entry: { renderPage: RenderPage }) => entry.renderPage,
  )
  const { perspective, loopbackApiUrl, ...config } = reads
  const key = JSON.stringify(config)
  let clientsFor = clients.get(key)
  if (!clientsFor) {
    clientsFor = draftClientsFor(config)
    clients.set(key, clientsFor)
  }
  return (await renderPage)(new Request(url), {
    ...options,
    now: new Date(options.now),
    contentClient: draftContentClient(clientsFor(loopbackApiUrl, perspective)),
    draftMode: true,
  })
}
