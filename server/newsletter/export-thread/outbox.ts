import type { MessagePort } from 'node:worker_threads'
import type { FromExportThread } from './export-job'

/** Bytes per message to the event loop: few messages a file, each a write the response makes. */
export const CHUNK_BYTES = 256 * 1024
/** Bytes an export may send ahead of what its response has taken: a slow client holds the reading back. */
export const AHEAD_BYTES = 1024 * 1024

/** Thrown into an export's reading when the event loop stopped it (the client gone, or stalled). */
export class ExportStopped extends Error {}

/**
 * One export's side of its file in the thread: gathers bytes into chunks of `CHUNK_BYTES`, each in memory of its
 * own that the message moves to the event loop (nothing is copied there, and nothing is shared that a later
 * chunk could overwrite while a socket still holds it), and waits while `AHEAD_BYTES` are sent and not yet
 * taken. Once stopped, every write throws `ExportStopped`, so the reading ends and closes its connection.
 */
export function createOutbox(id: number, port: MessagePort) {
  let chunk = new Uint8Array(CHUNK_BYTES)
  let filled = 0
  let ahead = 0
  let stopped = false
  let wake: (() => void) | undefined
  const post = (message: FromExportThread, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer)

  async function flush() {
    while (ahead >= AHEAD_BYTES && !stopped) await new Promise<void>((resolve) => (wake = resolve))
    if (stopped) throw new ExportStopped()
    if (filled === 0) return
    const full = filled === chunk.length ? chunk : chunk.slice(0, filled)
    ahead += filled
    post({ id, chunk: full.buffer }, [full.buffer])
    chunk = new Uint8Array(CHUNK_BYTES)
    filled = 0
  }

  return {
    taken(bytes: number) {
      ahead -= bytes
      wake?.()
    },
    stop() {
      stopped = true
      wake?.()
    },
    async write(bytes: Uint8Array) {
      if (stopped) throw new ExportStopped()
      for (let from = 0; from < bytes.length;) {
        const n = Math.min(bytes.length - from, chunk.length - filled)
        chunk.set(bytes.subarray(from, from + n), filled)
        filled += n
        from += n
        if (filled === chunk.length) await flush()
      }
    },
    async end() {
      await flush()
      post({ id, end: true })
    },
    fail(error: unknown) {
      if (!stopped) post({ id, error: error instanceof Error ? error.message : String(error) })
    },
  }
}
