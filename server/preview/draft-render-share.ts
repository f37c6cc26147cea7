import { FairQueue, FairQueueFullError, FairQueueTimeoutError } from '../fair-queue'
import { HttpError } from '../http/errors'

/** Draft renders at once, all sessions together: the rest of the server keeps the event loop (issue 36). */
const DRAFT_RENDER_SLOTS = 1
/** Draft renders waiting, all sessions together; past it the busiest session's newest one is refused. */
const DRAFT_RENDERS_WAITING = 16
/** A draft render that waited this long for its turn is answered 503 instead. */
const DRAFT_RENDER_WAIT_MS = 15_000

export type DraftRenderShare = <T>(session: string, render: () => Promise<T>) => Promise<T>

/**
 * Draft pages are never cached, so each is a render on the event loop the fans' pages are answered from. They
 * take turns here, apart from everything else: one at a time, sessions shared fairly by the project's fair queue
 * (`server/fair-queue.ts`, the least-served session first), and a session that keeps the line full gets a 429
 * for its newest page rather than a slot.
 */
export function createDraftRenderShare({
  slots = DRAFT_RENDER_SLOTS,
  maxWaiting = DRAFT_RENDERS_WAITING,
  waitMs = DRAFT_RENDER_WAIT_MS,
}: { slots?: number; maxWaiting?: number; waitMs?: number } = {}): DraftRenderShare {
  const queue = new FairQueue({ slots, reserved: 0, perClientRunning: 1, maxWaiting })
  return async (session, render) => {
    try {
      return await queue.run(session, () => render(), { timeoutMs: waitMs })
    } catch (error) {
      if (error instanceof FairQueueFullError) {
        throw new HttpError(429, 'Too many draft pages are being rendered; try again in a moment')
      }
      if (error instanceof FairQueueTimeoutError) {
        throw new HttpError(503, 'The draft page waited too long for its turn; try again in a moment')
      }
      throw error
    }
  }
}
