import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import type { RenderOptions, RenderResult } from '../../web/src/entry-server'
import { threadReadsOf } from '../preview/draft-reads'
import type { DraftRenderTask } from './draft-render-worker'

export type DraftRenderPool = {
  /** Renders a draft page in the pool's thread; undefined when the page's reads cannot move there. */
  render: (request: Request, options: Omit<RenderOptions, 'assets'>) => Promise<RenderResult> | undefined
  close: () => Promise<void>
}

/**
 * Draft pages are rendered in one worker thread of their own at a lower CPU priority (issue 36, ADR 160): every
 * draft page is a new render, and on the event loop each was a long task the fans' stored pages waited behind.
 * The thread starts with the first draft render. It inherits the server's `--import tsx` (it imports the draft
 * reads' TypeScript); it is never stopped mid-task, so tsx's cache writes finish (query-pool.ts).
 */
export function createDraftRenderPool({
  serverEntry,
  assets,
}: {
  serverEntry: string
  assets: RenderOptions['assets']
}): DraftRenderPool {
  let pool: Piscina<DraftRenderTask, RenderResult> | undefined
  return {
    render(request, { contentClient, now = new Date(), inlineCssText: _css, ...options }) {
      const reads = options.draftMode ? threadReadsOf(contentClient) : undefined
      if (!reads) return undefined
      pool ??= new Piscina({
        filename: fileURLToPath(new URL('./draft-render-worker.ts', import.meta.url)),
        minThreads: 1,
        maxThreads: 1,
        // Draft renders take turns before they get here (draft-render-share.ts); this only stops a runaway queue.
        maxQueue: 1_000,
        niceIncrement: 10,
        // A second V8 heap: left to its defaults it grew under a stream of draft pages and never gave the
        // memory back; one page at a time needs a fraction of this.
        resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
        idleTimeout: Infinity,
      })
      return pool.run({
        serverEntry,
        url: request.url,
        options: { ...options, assets, now: now.toISOString() },
        reads,
      })
    },
    close: async () => {
      await pool?.destroy()
    },
  }
}
