import type { Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { RequestHandler } from 'express'
import type { ViteDevServer } from 'vite'
import { createDraftRenderPool } from './draft-render-pool'
import type {
  ClientAssets,
  PageCachePolicy,
  RenderOptions,
  RenderPage,
  RenderResult,
} from '../../web/src/entry-server'

const CLIENT_ENTRY = 'web/src/entry-client.tsx'
/** The visual editing overlay a draft page starts at once (web/src/entry-client.tsx, ADR 160). */
const DRAFT_OVERLAY = 'web/src/preview/start-overlay.ts'

export type Renderer = {
  render: (request: Request, options: Omit<RenderOptions, 'assets'>) => Promise<RenderResult>
  /** Dev only: Vite's middleware (modules, HMR) mounted before the SSR handler. */
  middleware?: RequestHandler
  /** Dev only: lets Vite inject its client and the React refresh preamble. */
  transformHtml?: (url: string, html: string) => Promise<string>
  close: () => Promise<void>
  /** Prod only: where the built client lives, to be served as static files. */
  clientDir?: string
  /** Prod only: which query parameters each page renders from, and whether it may be cached (ADR 090). */
  cachePolicy?: (pathname: string) => PageCachePolicy
}

type ManifestChunk = {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

/** The manifest's key for the one stylesheet Vite writes when CSS is not split per chunk. */
const SITE_STYLESHEET = 'style.css'

/**
 * Reads Vite's manifest into the list of files the first paint needs: the entry, the site's one stylesheet and
 * the entry's static imports, preloaded. The entry imports the app itself only after the first paint (ADR 130):
 * its scripts are not preloaded.
 */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>): ClientAssets {
  const entry = manifest[CLIENT_ENTRY]
  if (!entry) throw new Error(`The client build has no entry for ${CLIENT_ENTRY}; run npm run build`)
  // `cssCodeSplit: false` (vite.config.ts): every stylesheet is in style.css, so any page's HTML is styled
  // before its route chunk arrives. A chunk's own stylesheet would be linked by no page.
  const split = Object.values(manifest).find((chunk) => chunk.css?.length)
  if (split)
    throw new Error(`${split.file} has a stylesheet of its own; keep cssCodeSplit: false (vite.config.ts)`)
  const css = manifest[SITE_STYLESHEET]?.file
  const preload = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || preload.has(chunk.file)) return
    preload.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  entry.imports?.forEach(visit)
  const url = (file: string) => `/${file}`
  return {
    entry: url(entry.file),
    css: css ? [url(css)] : [],
    preload: [...preload].map(url),
    draftPreload: draftOverlayChunks(manifest, preload).map(url),
    draftScripts: draftOverlayScripts(manifest).map(url),
  }
}

/**
 * The overlay's module and the chunk Sanity's `enableVisualEditing` renders from, run by a draft page as module
 * scripts: before the frame's load event, which starts the Presentation tool's wait for the overlay.
 */
function draftOverlayScripts(manifest: Record<string, ManifestChunk>): string[] {
  const overlay = manifest[DRAFT_OVERLAY]
  if (!overlay) return []
  const rendered = (overlay.dynamicImports ?? []).flatMap((key) => manifest[key]?.file ?? [])
  return [...rendered, overlay.file]
}

/**
 * The overlay's chunks, preloaded by a draft page's HTML so that they arrive while the page is parsed: the
 * module the entry imports, what it imports, and the chunk Sanity's `enableVisualEditing` imports in turn.
 * Not the chunks the overlay loads only for other frameworks' loaders.
 */
function draftOverlayChunks(manifest: Record<string, ManifestChunk>, preloaded: Set<string>): string[] {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  visit(DRAFT_OVERLAY)
  manifest[DRAFT_OVERLAY]?.dynamicImports?.forEach(visit)
  const entryFile = manifest[CLIENT_ENTRY]?.file
  return [...files].filter((file) => file !== entryFile && !preloaded.has(file))
}

export async function createProdRenderer(root: string): Promise<Renderer> {
  const clientDir = path.join(root, 'dist/client')
  const manifestPath = path.join(clientDir, '.vite/manifest.json')
  const serverEntry = path.join(root, 'dist/server/entry-server.js')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const linked = assetsFromManifest(manifest)
  // The site's stylesheet is written into every public page: one request fewer before the first paint, which
  // paid on the home page even where the page then needs a second round trip (ADR 130).
  const inlineCssText = new Map(
    await Promise.all(
      linked.css.map(async (href) => [href, await readFile(path.join(clientDir, href), 'utf8')] as const),
    ),
  )
  const assets = { ...linked, inlineCss: [...inlineCssText.keys()] }
  const { renderPage, pageCachePolicy } = (await import(serverEntry)) as {
    renderPage: RenderPage
    pageCachePolicy: (pathname: string) => PageCachePolicy
  }
  const drafts = createDraftRenderPool({ serverEntry, assets })
  return {
    clientDir,
    cachePolicy: pageCachePolicy,
    render: (request, options) =>
      drafts.render(request, options) ?? renderPage(request, { ...options, assets, inlineCssText }),
    close: () => drafts.close(),
  }
}

export async function createDevRenderer(root: string, httpServer: Server): Promise<Renderer> {
  const { createServer } = await import('vite')
  const vite: ViteDevServer = await createServer({
    root,
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  })
  const devAssets: ClientAssets = { entry: `/${CLIENT_ENTRY}`, css: [], preload: [] }
  return {
    middleware: vite.middlewares as unknown as RequestHandler,
    transformHtml: (url, html) => vite.transformIndexHtml(url, html),
    render: async (request, options) => {
      try {
        const { renderPage } = (await vite.ssrLoadModule(`/web/src/entry-server.tsx`)) as {
          renderPage: RenderPage
        }
        return await renderPage(request, { ...options, assets: devAssets })
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error)
        throw error
      }
    },
    close: () => vite.close(),
  }
}
