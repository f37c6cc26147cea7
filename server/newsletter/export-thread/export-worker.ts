import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import { copyCsvRecords } from '../postgres-csv-export'
import { sqliteCsvRecords } from '../sqlite-csv-export'
import type { ExportJob } from '../subscribers-repository'
import type { ExportThreadData, ToExportThread } from './export-job'
import { gzipInThread } from './gzip-in-thread'
import { createOutbox } from './outbox'

/** The file's records as the job's store reads them, over a connection of this export's own. */
function records(job: ExportJob): AsyncIterable<Buffer> {
  return job.store === 'postgres' ? copyCsvRecords(job.connection, job.sql) : sqliteCsvRecords(job)
}

async function* file({ job, head }: ExportThreadData): AsyncGenerator<Buffer> {
  yield Buffer.from(head)
  yield* records(job)
}

const outboxes = new Map<number, ReturnType<typeof createOutbox>>()

/** One export: the file read, compressed here when the client takes gzip, and handed over chunk by chunk. */
async function run(id: number, data: ExportThreadData) {
  const outbox = createOutbox(id, parentPort!)
  outboxes.set(id, outbox)
  try {
    for await (const bytes of data.gzip ? gzipInThread(file(data)) : file(data)) await outbox.write(bytes)
    await outbox.end()
  } catch (error) {
    outbox.fail(error)
  } finally {
    outboxes.delete(id)
  }
}

/**
 * The exports' thread (export-thread.ts), at the lowest priority the system gives a thread (Linux gives each
 * thread its own nice value), so that the fans' pages get a core before any export.
 */
try {
  os.setPriority(19)
} catch {
  // Not permitted here: the exports still run, at the server's own priority.
}
parentPort!.on('message', (message: ToExportThread) => {
  if ('start' in message) void run(message.start, message.data)
  else if ('taken' in message) outboxes.get(message.id)?.taken(message.taken)
  else outboxes.get(message.stop)?.stop()
})
