import { promisify } from 'node:util'
import { brotliCompress } from 'node:zlib'
import { BROTLI_OPTIONS } from '../page-cache/rendition'

/**
 * What a response may weigh on the wire to arrive in the first round trip of a new connection: TCP's initial
 * window of 10 segments of 1,460 bytes (RFC 6928), less about 600 bytes of status line and headers. A page over it
 * waits one more round trip for the rest, which costs more than the stylesheet request inlining saves.
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460 - 600

const brotli = promisify(brotliCompress)

/**
 * Whether a page arrives in the first round trip, compressed as the page cache sends it (brotli at quality 5).
 * Compressed on libuv's thread pool: on the main thread every render held the requests waiting behind it (a
 * stored page) for the time of one more compression of the page.
 */
export async function fitsFirstRoundTrip(html: string): Promise<boolean> {
  return (await brotli(html, BROTLI_OPTIONS)).length <= FIRST_ROUND_TRIP_BYTES
}
