import { constants, crc32, deflateRawSync } from 'node:zlib'

/** Bytes compressed at a time: large enough that starting each without the previous one's history costs little. */
const BLOCK_BYTES = 256 * 1024

/** A gzip member's header: deflate, no name or time, unknown system (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/**
 * The bytes gzipped in the calling thread (`zlib`'s streams compress in libuv's thread pool, which runs at the
 * process's priority: the fans' pages'). Each block is deflated on its own and ends with a sync flush, never a
 * final block, so the blocks join into one deflate stream; an empty final block and the CRC-32 and length of all
 * the bytes end the one gzip member any client reads. At the fastest level, nginx's default: an admin's download
 * may be somewhat larger, the cores the fans' pages share are worth more.
 */
export async function* gzipInThread(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield HEADER
  let crc = 0
  let length = 0
  let pending: Buffer[] = []
  let pendingBytes = 0
  const compress = () => {
    const block = Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    crc = crc32(block, crc)
    length += block.length
    return deflateRawSync(block, { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH })
  }
  for await (const chunk of bytes) {
    pending.push(chunk)
    pendingBytes += chunk.length
    if (pendingBytes >= BLOCK_BYTES) yield compress()
  }
  if (pendingBytes > 0) yield compress()
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length % 2 ** 32, 4)
  yield Buffer.concat([deflateRawSync(Buffer.alloc(0)), trailer])
}
