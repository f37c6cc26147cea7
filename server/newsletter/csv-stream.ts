import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Response } from 'express'
import { createPacer } from '../pacing'
import { csvLine, UTF8_BOM } from './csv'

type CsvRow = Parameters<typeof csvLine>[0]

/** Rows formatted and written in one turn of the event loop, whatever the size of the pages read. */
const ROWS_PER_TURN = 250

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
 * Writes a chunk at the export's pace (a string's length counts as its bytes: near enough for pacing); when
 * the client's buffer is full, waits until it has read it. False once the client is gone.
 */
async function write(res: Response, chunk: string | Buffer, pace: Pace): Promise<boolean> {
  await pace(chunk.length)
  if (res.destroyed) return false
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done)
        res.off('close', done)
        resolve()
      }
      res.on('drain', done)
      res.on('close', done)
    })
  }
  return !res.destroyed
}

/** `rows` after `text`, `ROWS_PER_TURN` at a time, a turn of the event loop after each. False once the client is gone. */
async function sendRows(res: Response, text: string, rows: CsvRow[], pace: Pace): Promise<boolean> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) text += csvLine(row)
    if (!(await write(res, text, pace))) return false
    text = ''
    await nextTurn()
  }
  return true
}

/** Before the first bytes, a failure answers with the error handler's JSON; after them, it cuts the download short. */
function failed(res: Response, error: unknown) {
  if (!res.headersSent) {
    // The error handler answers instead, as JSON: not as a file download.
    res.removeHeader('content-disposition')
    throw error
  }
  res.destroy(error as Error)
}

/**
 * A CSV document (BOM, header, CRLF lines, as `toCsv` writes it) sent page by page as the pages are read, at
 * `bytesPerSecond` at most (see `EXPORT_BYTES_PER_SECOND`): the response is never whole in memory, a slow
 * client holds the reading back instead of filling the server's memory, and other requests are served between pages and between slices of a page (a page read from SQLite
 * does not yield by itself). The next page is asked for before a page is formatted and sent, so a store that
 * answers over the network (PostgreSQL) reads it meanwhile instead of after; at most that one page waits beside
 * the client's buffer.
 * The status and headers go with the first page, so a failure to read it still answers with an error status; a
 * later failure cuts the response short (the client sees an incomplete download, never a short file as whole).
 */
export async function sendCsvPages(
  res: Response,
  header: string[],
  pages: AsyncIterable<CsvRow[]>,
  bytesPerSecond = EXPORT_BYTES_PER_SECOND,
) {
  const pace = createPacer(bytesPerSecond)
  let text = UTF8_BOM + csvLine(header)
  const reader = pages[Symbol.asyncIterator]()
  let next: Promise<IteratorResult<CsvRow[]>> | undefined = reader.next()
  next.catch(() => undefined)
  try {
    for (;;) {
      const page = await next
      next = undefined
      if (page.done) break
      next = reader.next()
      // Its failure is met at the loop's next await; until then it must not count as unhandled.
      next.catch(() => undefined)
      if (page.value.length === 0) continue
      if (!(await sendRows(res, text, page.value, pace))) break
      text = ''
    }
  } catch (error) {
    failed(res, error)
    return
  } finally {
    // A client gone (or a failure) while the page after is being read: that read is let finish and dropped.
    if (next)
      void next.then(
        () => reader.return?.(),
        () => undefined,
      )
  }
  if (!res.destroyed) res.end(text)
}

/**
 * How long a client may take nothing of an export whose store holds a connection open for it (a COPY) before the
 * download is cut: a stalled client must not keep one of the pool's few connections for ever.
 */
export const EXPORT_STALL_MS = 60_000

/**
 * A CSV document whose records the store wrote (`SubscribersRepository.exportCsv`): the BOM and header go with the
 * first chunk, so a failure to start the read still answers with an error status, then each chunk as it comes,
 * at `bytesPerSecond` at most (see `EXPORT_BYTES_PER_SECOND`).
 * The next chunk is taken only once the client's buffer has room, so a slow client holds the store's read back;
 * a client gone, or one that takes nothing for `stallMs`, ends the read (`return()` on the iterator, which gives
 * the store's connection back).
 */
export async function sendCsvChunks(
  res: Response,
  header: string[],
  chunks: AsyncIterable<Buffer>,
  { stallMs = EXPORT_STALL_MS, bytesPerSecond = EXPORT_BYTES_PER_SECOND } = {},
) {
  const pace = createPacer(bytesPerSecond)
  // The socket's idle timer: it runs only while nothing is written, i.e. while the client's buffer stays full.
  res.setTimeout(stallMs, () => res.destroy())
  let head: string | undefined = UTF8_BOM + csvLine(header)
  try {
    for await (const chunk of chunks) {
      if (head !== undefined) res.write(head)
      head = undefined
      if (!(await write(res, chunk, pace))) break
      // The records come as fast as the store can write them: other requests are served between chunks.
      await nextTurn()
    }
  } catch (error) {
    failed(res, error)
    return
  } finally {
    // The connection may carry further requests (keep-alive): the timer was the export's alone.
    res.setTimeout(0)
  }
  if (!res.destroyed) res.end(head)
}
