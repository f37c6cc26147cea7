import { once } from 'node:events'
import type { Response } from 'express'
import { createPacer } from '../pacing'

/**
 * The pace of an export, in bytes a second: fast enough that a large list still comes within the export's time
 * target, slow enough that the server's writes and the admin's download are spread over that time instead of
 * taking a small machine's cores from the fans' pages in one burst (ADR 203; a download over a real network
 * rarely goes faster).
 */
export const EXPORT_BYTES_PER_SECOND = 16 * 1024 * 1024

/** How an export spaces its writes: waits until `bytes` more may go (see `createPacer`). */
type Pace = (bytes: number) => Promise<void>

/**
 * Writes a chunk at the export's pace; when the client's buffer is full, waits until it has read it. False once
 * the client is gone (`gone`: the response's close), which ends either wait at once.
 */
async function write(res: Response, chunk: Buffer, pace: Pace, gone: Promise<void>): Promise<boolean> {
  await Promise.race([pace(chunk.length), gone])
  if (res.destroyed) return false
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), gone])
  return !res.destroyed
}

/** Before the first bytes, a failure answers with the error handler's JSON; after them, it cuts the download short. */
function failed(res: Response, error: unknown) {
  if (!res.headersSent) {
    // The error handler answers instead, as JSON: not as a file download, nor as the file's encoding.
    res.removeHeader('content-disposition')
    res.removeHeader('content-encoding')
    throw error
  }
  res.destroy(error as Error)
}

/**
 * How long a client may take nothing of an export before the download is cut: a stalled client must not keep the
 * export's thread and its connection to the store for ever.
 */
export const EXPORT_STALL_MS = 60_000

/**
 * An export's file, chunk by chunk as its thread hands them over (export-thread/), at `bytesPerSecond` at most
 * (see `EXPORT_BYTES_PER_SECOND`). The status and headers go with the first chunk, so a failure to start the
 * read still answers with an error status; a later failure cuts the response short (the client sees an
 * incomplete download, never a short file as whole). The next chunk is taken only once the client's buffer has
 * room, so a slow client holds the store's read back; a client gone, or one that takes nothing for `stallMs`
 * once the file has begun, ends the read (`return()` on the iterator).
 */
export async function sendCsvChunks(
  res: Response,
  chunks: AsyncIterable<Buffer>,
  { stallMs = EXPORT_STALL_MS, bytesPerSecond = EXPORT_BYTES_PER_SECOND } = {},
) {
  const pace = createPacer(bytesPerSecond)
  // Restarted by every chunk the response takes, so it runs out only while the client's buffer stays full. Not
  // the socket's own idle timer: behind the HTTP/2 front the response has no socket of its own.
  let stalled: NodeJS.Timeout | undefined
  const gone = new Promise<void>((resolve) => res.once('close', resolve))
  try {
    for await (const chunk of chunks) {
      if (!(await write(res, chunk, pace, gone))) break
      if (stalled) stalled.refresh()
      else stalled = setTimeout(() => res.destroy(), stallMs)
    }
  } catch (error) {
    failed(res, error)
    return
  } finally {
    clearTimeout(stalled)
  }
  if (!res.destroyed) res.end()
}
