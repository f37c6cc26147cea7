import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip, gzipSync } from 'node:zlib'
import type { Encoding } from './encoding'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli at quality 5 and gzip at level 6, on libuv's thread pool, so the first request after a publish is not
 * held up: higher qualities cost many times the CPU for pages only a little smaller (ADR 090).
 */
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}
const brotliOptions = (size: number) => ({
  params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: size },
})
const GZIP_OPTIONS = { level: 6 }

/** Bodies smaller than this are sent as they are: compression would not pay for its headers. */
const MIN_COMPRESSED_BYTES = 1024

/** One response, rendered and compressed once, sent to every visitor as the same bytes. */
export type Rendition = {
  status: number
  /**
   * The page's own headers: type, cache control, ETag, Vary (and a redirect's location). Those every response
   * gets (security, transport, request id) come from the app's middleware, for a stored page as for a new one.
   */
  headers: Readonly<Record<string, string>>
  /** CSP sources of the inline scripts, for the security middleware's CSP (`res.locals.allowInlineScripts`). */
  cspScriptHashes: string[]
  /** Strong validator: a hash of the bytes, so equal pages share it and any change changes it. */
  etag: string
  /**
   * The body as is, kept only when it is sent uncompressed (too small to compress); else `bodyOf` makes it from
   * the gzip form for the rare client that accepts neither compressed form. Most clients take brotli or gzip, and
   * the body as is was most of a stored page's memory.
   */
  identity?: Buffer
  gzip?: Buffer
  br?: Buffer
  /** Memory the rendition holds: the forms it keeps and its heads, an estimate of the rest. */
  bytes: number
  /** The response head of each form and of a 304, as flat `[name, value, ...]` lists made once. */
  heads: Record<'identity' | 'gzip' | 'br' | 'notModified', string[]>
}

function flat(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat()
}

/** What a rendition costs apart from its bodies: its object, header lists and strings, an estimate. */
const OVERHEAD_BYTES = 512

/**
 * A buffer that holds exactly its own bytes: zlib hands out views of its larger output chunk, which would keep
 * the whole chunk alive for as long as the page is stored, unseen by the byte budget.
 */
function exact(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer
  const copy = Buffer.allocUnsafeSlow(buffer.length)
  buffer.copy(copy)
  return copy
}

const headBytes = (head: string[]) => head.reduce((sum, part) => sum + part.length, 0)

/**
 * A form of the body as sent: identity is the stored body, or a compressed form decompressed for this answer
 * (gzip's when kept, else brotli's).
 */
export function bodyOf(rendition: Rendition, form: Encoding): Buffer {
  if (form !== 'identity') return rendition[form]!
  if (rendition.identity) return rendition.identity
  return rendition.gzip ? gunzipSync(rendition.gzip) : brotliDecompressSync(rendition.br!)
}

/**
 * Drops the gzip form of a rendition that keeps brotli's, and returns the bytes that freed (0 when there was
 * nothing to drop). Until it is made again, a client that takes gzip but not brotli gets the body as is.
 */
export function dropGzip(rendition: Rendition): number {
  if (!rendition.gzip || !rendition.br) return 0
  const freed = rendition.gzip.length
  rendition.gzip = undefined
  rendition.bytes -= freed
  return freed
}

/** The gzip form of a rendition, made from its brotli form: the same bytes `createRendition` made. */
export function gzipFormOf(rendition: Rendition): Buffer {
  return rendition.gzip ?? exact(gzipSync(brotliDecompressSync(rendition.br!), GZIP_OPTIONS))
}

/** Gives a rendition its gzip form back (from `gzipFormOf`), and returns the bytes that added. */
export function attachGzip(rendition: Rendition, gzipped: Buffer): number {
  if (rendition.gzip) return 0
  rendition.gzip = gzipped
  const head = rendition.heads.gzip
  const at = head.indexOf('content-length')
  if (at >= 0) head[at + 1] = String(gzipped.length)
  rendition.bytes += gzipped.length
  return gzipped.length
}

export type RenditionInput = {
  status: number
  contentType: string
  body: string | Buffer
  headers?: Record<string, string>
  /** The sync tags of every read the render made; unset when some read had none (see page-cache.ts). */
  syncTags?: string[]
}

export async function createRendition({
  status,
  contentType,
  body,
  headers = {},
  cspScriptHashes = [],
}: RenditionInput & { cspScriptHashes?: string[] }) {
  const identity = typeof body === 'string' ? Buffer.from(body) : body
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`
  const compress = identity.length >= MIN_COMPRESSED_BYTES
  const [gzipped, brotlied] = compress
    ? (
        await Promise.all([
          gzipAsync(identity, GZIP_OPTIONS),
          brotli(identity, brotliOptions(identity.length)),
        ])
      ).map(exact)
    : [undefined, undefined]
  // Vary on every form, compressed or not: a shared cache must key by Accept-Encoding whatever the size, as a
  // new render already says (the compression middleware adds it there), and a stored answer must say the same
  // (issue 27: robots.txt and a show's calendar, under 1 KB, lost it once stored).
  const common = { ...headers, etag, vary: 'Accept-Encoding' }
  const form = (body: Buffer | undefined, encoding?: string) =>
    body
      ? flat({
          ...common,
          'content-type': contentType,
          ...(encoding ? { 'content-encoding': encoding } : {}),
          'content-length': String(body.length),
        })
      : []
  const heads = {
    identity: form(identity),
    gzip: form(gzipped, 'gzip'),
    br: form(brotlied, 'br'),
    notModified: flat(common),
  }
  const kept = compress ? undefined : exact(identity)
  const rendition: Rendition = {
    status,
    headers: { ...common, 'content-type': contentType },
    cspScriptHashes,
    etag,
    ...(kept ? { identity: kept } : {}),
    gzip: gzipped,
    br: brotlied,
    bytes:
      (kept?.length ?? 0) +
      (gzipped?.length ?? 0) +
      (brotlied?.length ?? 0) +
      Object.values(heads).reduce((sum, head) => sum + headBytes(head), 0) +
      cspScriptHashes.reduce((sum, hash) => sum + hash.length, 0) +
      OVERHEAD_BYTES,
    heads,
  }
  return rendition
}
