import { dehydrate, type QueryClient } from '@tanstack/react-query'
import type { ComponentProps, ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, StaticRouter, type StaticHandlerContext } from 'react-router'
import { Writable } from 'node:stream'
import { App } from './app/app'
import { InlineCssText } from './app/document'
import { APP_STATE_GLOBAL, type AppState, type ClientAssets } from './app/app-state'
import type { PreviewPerspective } from './lib/preview/preview-contract'
import { RouteError } from './app/route-error'
import type { RouteHandle } from './app/route-module'
import { AppRoutes, preloadRoutes, routerBasename } from './app/routes'
import { createServerRoutes } from './app/server-routes'
import type { PublicConfig } from './config/public-config'
import { createContentClient, type ContentClient } from './lib/content-client'
import { loadMessages } from './lib/i18n/messages'
import { localeOfPath } from './lib/i18n/locale-of-path'
import { createServerQueryClient } from './lib/query-client'
import { serializeJsonForScript } from './lib/serialize-json'
import { syncTagsOf } from './lib/sync-tags'
import { createEditAttributes } from './preview/edit-attributes'

export type { ClientAssets }
export { pageCachePolicy, type PageCachePolicy } from './app/page-cache-policy'

export type RenderOptions = {
  publicConfig: PublicConfig
  assets: ClientAssets
  /**
   * How this render's loaders read content. The server passes the embedded content store's in-process reader
   * (ADR 090); unset: `contentApiUrl`.
   */
  contentClient?: ContentClient
  /**
   * Where this render's loaders read content over HTTP when no `contentClient` is given: the embedded content
   * API over loopback (`http://127.0.0.1:<port>/content`) or Sanity's API; unset: `publicConfig.content.apiUrl`.
   */
  contentApiUrl?: string
  /** The server clock's "now" (pinned by TEST_NOW in tests); default: the current time. */
  now?: Date
  /** The text of the stylesheets `assets.inlineCss` names, by href (read once from the build). */
  inlineCssText?: ReadonlyMap<string, string>
  /**
   * A draft session's page (ADR 160): `contentClient` reads drafts with stega, and the browser loads the visual
   * editing overlay and follows draft edits. Such a page is sent to its browser only, never kept.
   */
  draftMode?: boolean
  /** What a draft page shows (the Presentation tool's perspective switch); default: drafts. */
  previewPerspective?: PreviewPerspective
}
export type RenderResult =
  { type: 'html'; status: number; html: string } | { type: 'redirect'; status: number; location: string }
export type RenderPage = (request: Request, options: RenderOptions) => Promise<RenderResult>

/** JSON that is safe inside an inline <script>: no "</script>", no U+2028/2029 line breaks. */
export const serializeForScript = serializeJsonForScript

function statusOf(context: StaticHandlerContext): number {
  if (context.statusCode !== 200) return context.statusCode >= 400 ? context.statusCode : 500
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined
  return handle?.status ?? 200
}

/**
 * Waits for the whole tree (lazy pages included), so crawlers and unfurlers get the full page. Every Suspense
 * boundary is written in place: by default React moves a boundary larger than 12.8 KB (the page under the route
 * boundary) into a hidden `<div>` after its "Loading..." fallback, and its reveal script waits up to 300 ms after
 * the first frame to swap it in, so the hero poster painted that much later (ADR 130).
 */
function renderToHtml(element: ReactNode, options: { bootstrapScriptContent: string }) {
  return new Promise<string>((resolve, reject) => {
    let html = ''
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString()
        callback()
      },
      final(callback) {
        resolve(html)
        callback()
      },
    })
    const stream = renderToPipeableStream(element, {
      ...options,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        console.error(error)
      },
    })
  })
}

/**
 * A draft page preloads the visual editing overlay and runs it as module scripts before its entry, so that it
 * starts before the page's load event (ADR 160); a public page's HTML names none of it.
 */
function pageAssets(
  { draftPreload = [], draftScripts = [], ...site }: ClientAssets,
  draftMode: boolean,
): { assets: ClientAssets; scripts: string[] } {
  if (!draftMode) return { assets: site, scripts: [] }
  // A draft page (stega in every edited string) links its stylesheet: the browser keeps it between the drafts
  // it reloads (issue 36).
  return {
    assets: { ...site, inlineCss: [], preload: [...site.preload, ...draftPreload] },
    scripts: draftScripts,
  }
}

/** The app around the route's page, or around the error page when a loader failed. */
function PageTree({
  state,
  routes,
  location,
  ...app
}: Omit<ComponentProps<typeof App>, 'children'> & {
  routes: ReturnType<typeof createServerRoutes>
  location: string
}) {
  const basename = routerBasename(state.locale)
  return (
    <App state={state} {...app}>
      {state.error ? (
        <RouteError status={state.error.status} />
      ) : (
        <StaticRouter location={location} basename={basename}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      )}
    </App>
  )
}

export const renderPage: RenderPage = async (request, options) => {
  // A fresh cache per render: every render reads the current content (the server keeps the HTML, ADR 090).
  const queryClient = createServerQueryClient()
  try {
    return await renderWithClient(request, options, queryClient)
  } finally {
    // Each query keeps a garbage-collection timer of the browser's `gcTime`, and the timer holds the whole
    // cache, every result the render read: cleared here, the render's memory is free once its page is sent
    // (issue 36).
    queryClient.clear()
  }
}

async function renderWithClient(
  request: Request,
  {
    publicConfig,
    assets: allAssets,
    contentClient: givenClient,
    contentApiUrl,
    now = new Date(),
    inlineCssText = new Map(),
    draftMode = false,
    previewPerspective = 'drafts',
  }: RenderOptions,
  queryClient: QueryClient,
): Promise<RenderResult> {
  const contentClient =
    givenClient ??
    createContentClient({ ...publicConfig.content, apiUrl: contentApiUrl ?? publicConfig.content.apiUrl })
  // React Router's static handler matches the URL and runs the loaders, which fill the query cache; the page is
  // then drawn from the same table by React Router's `useRoutes` (ADR 030). The address's language picks the
  // table's basename (ADR 194).
  const pathname = new URL(request.url).pathname
  const locale = localeOfPath(pathname)
  const basename = routerBasename(locale)
  const routes = createServerRoutes({ queryClient, contentClient, now: () => now }, locale)
  const [context, , messages] = await Promise.all([
    createStaticHandler(routes, { basename }).query(request),
    preloadRoutes(routes, pathname, basename),
    loadMessages(locale),
  ])
  if (context instanceof Response) {
    const location = context.headers.get('Location')
    if (location) return { type: 'redirect', status: context.status, location }
    throw new Error(`A route answered with a ${context.status} Response that the page renderer cannot send`)
  }
  const failed = context.errors ? Object.values(context.errors)[0] : undefined
  if (failed) console.error('A route loader failed:', failed)

  const queryState = dehydrate(queryClient)
  const syncTags = Object.fromEntries(syncTagsOf(queryClient))
  const { assets, scripts } = pageAssets(allAssets, draftMode)
  const state: AppState = {
    config: publicConfig,
    assets,
    queryState,
    locale,
    syncTags,
    now: now.toISOString(),
    ...(draftMode ? { draftMode: true, previewPerspective } : {}),
    ...(failed ? { error: { status: context.statusCode >= 400 ? context.statusCode : 500 } } : {}),
  }
  const url = new URL(request.url)
  // Drawn once (ADR 130), from what the loaders fetched, with the site's stylesheet inside (app/document.tsx).
  const html = await renderToHtml(
    <InlineCssText.Provider value={inlineCssText}>
      <PageTree
        state={state}
        queryClient={queryClient}
        contentClient={contentClient}
        editAttributes={draftMode ? createEditAttributes(publicConfig.content) : undefined}
        messages={messages}
        routes={routes}
        location={url.pathname + url.search + url.hash}
      />
    </InlineCssText.Provider>,
    { bootstrapScriptContent: `window.${APP_STATE_GLOBAL}=${serializeForScript(state)}` },
  )
  // The entry is a classic deferred module (not React's async bootstrap module) so that in development
  // Vite's React refresh preamble in <head> always runs first. Inline scripts carry no nonce: the same bytes
  // serve every visitor, and the server allows them by their hashes (ADR 090).
  const entry = [...scripts, assets.entry]
    .map((src) => `<script type="module" src="${src}"></script>`)
    .join('')
  const document = html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`
  return { type: 'html', status: statusOf(context), html: document.replace('</body>', `${entry}</body>`) }
}
