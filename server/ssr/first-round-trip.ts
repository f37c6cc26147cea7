import { brotliCompressSync } from 'node:zlib'
import { BROTLI_OPTIONS } from '../page-cache/rendition'

/**
 * What a response may weigh on the wire to arrive in the first round trip of a new connection: TCP's initial
 * window of 10 segments of 1,460 bytes (RFC 6928), less about 600 bytes of status line and headers. A page over it
 * waits one more round trip for the rest, which costs more than the stylesheet request inlining saves.
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460 - 600

/**
 * Whether a page arrives in the first round trip, compressed as the page cache sends it (brotli at quality 5,
 * cheap next to the render it follows).
 */
export function fitsFirstRoundTrip(html: string): boolean {
  return brotliCompressSync(html, BROTLI_OPTIONS).length <= FIRST_ROUND_TRIP_BYTES
}
