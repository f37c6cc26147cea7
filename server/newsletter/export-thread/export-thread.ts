import { Worker } from 'node:worker_threads'
import { bundledWorker } from '../../worker-bundle'
import type { ExportThreadData, FromExportThread, ToExportThread } from './export-job'

/** One export's messages from the thread, as they arrive. */
type Inbox = { messages: FromExportThread[]; arrived?: () => void }

/** The exports' thread, started with the first export and kept: an export's own start would cost it a heap. */
let thread: Promise<{ worker: Worker; inboxes: Map<number, Inbox> }> | undefined
let lastId = 0

/**
 * The thread's code, built once per process (esbuild). Asked for when the admin API is set up, so that the first
 * export does not wait for the build; the thread itself starts only with the first export.
 */
export const exportWorkerFile = () =>
  bundledWorker(new URL('./export-worker.ts', import.meta.url), 'export-worker', {
    // Native code (and the package that loads it) stays where it was installed.
    nativePackages: ['better-sqlite3'],
  })

async function start() {
  const worker = new Worker(await exportWorkerFile(), {
    // The bundle is plain JavaScript: the thread must not load the server's `--import tsx`.
    execArgv: [],
    // A second V8 heap: a few chunks per export and the stores' drivers need a fraction of this.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  })
  // Kept while the server runs, but never what keeps it running.
  worker.unref()
  const inboxes = new Map<number, Inbox>()
  const deliver = (message: FromExportThread) => {
    const inbox = inboxes.get(message.id)
    inbox?.messages.push(message)
    inbox?.arrived?.()
  }
  worker.on('message', deliver)
  const failAll = (error: string) => {
    thread = undefined
    for (const id of inboxes.keys()) deliver({ id, error })
  }
  worker.on('error', (error) => failAll(error.message))
  worker.on('exit', (code) => failAll(`the exports' thread stopped (exit code ${code})`))
  return { worker, inboxes }
}

/**
 * An export's file, read and written in the exports' thread (ADR 204): the store's connection, the reading, the
 * CRLF ends or the formatting, and the compression happen there, at a lower priority than the fans' pages; the
 * event loop only passes each chunk on. The chunks come as the response takes them (`AHEAD_BYTES` ahead at most),
 * so a slow client holds the store's read back. Stopping early (`return()`, as a loop's `break` does; or a
 * failure) stops the export in the thread, which closes its connection to the store. A failure before the first
 * chunk rejects the first `next()`, so the response can still answer with an error status.
 */
export async function* exportInThread(data: ExportThreadData): AsyncGenerator<Buffer> {
  const { worker, inboxes } = await (thread ??= start())
  const id = ++lastId
  const inbox: Inbox = { messages: [] }
  inboxes.set(id, inbox)
  const post = (message: ToExportThread) => worker.postMessage(message)
  let finished = false
  post({ start: id, data })
  try {
    for (;;) {
      while (inbox.messages.length === 0) await new Promise<void>((resolve) => (inbox.arrived = resolve))
      const message = inbox.messages.shift()!
      if ('end' in message) {
        finished = true
        return
      }
      if ('error' in message) {
        finished = true
        throw new Error(`subscriber export: ${message.error}`)
      }
      yield Buffer.from(message.chunk)
      post({ id, taken: message.chunk.byteLength })
    }
  } finally {
    inboxes.delete(id)
    if (!finished) post({ stop: id })
  }
}
