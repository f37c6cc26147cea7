import type { ExportJob } from '../subscribers-repository'

/** What the export's thread is given for one export: the job, the file's first line, and how the file goes out. */
export type ExportThreadData = { job: ExportJob; head: string; gzip: boolean }

/** Event loop to thread: start an export; bytes of it the response has taken (it may read that much further); stop it. */
export type ToExportThread =
  { start: number; data: ExportThreadData } | { id: number; taken: number } | { stop: number }

/**
 * Thread to event loop, for export `id`: a part of the file (its memory moved, not copied), the end, or why it
 * failed.
 */
export type FromExportThread = { id: number } & ({ chunk: ArrayBuffer } | { end: true } | { error: string })
