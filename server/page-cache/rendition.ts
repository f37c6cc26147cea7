import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli at quality 5 and gzip at level 6, on libuv's thread pool, so the first request after a publish is not
 * held up: higher qualities cost many times the CPU for pages only a little smaller (ADR 090).
 */
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}
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
  identity: Buffer
  gzip?: Buffer
  br?: Buffer
  /** Memory the rendition holds (all three forms). */
  bytes: number
  /** The response head of each form and of a 304, as flat `[name, value, ...]` lists made once. */
  heads: Record<'identity' | 'gzip' | 'br' | 'notModified', string[]>
}

function flat(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat()
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
    ? await Promise.all([gzipAsync(identity, GZIP_OPTIONS), brotli(identity, BROTLI_OPTIONS)])
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
  const rendition: Rendition = {
    status,
    headers: { ...common, 'content-type': contentType },
    cspScriptHashes,
    etag,
    identity,
    gzip: gzipped,
    br: brotlied,
    bytes: identity.length + (gzipped?.length ?? 0) + (brotlied?.length ?? 0),
    heads: {
      identity: form(identity),
      gzip: form(gzipped, 'gzip'),
      br: form(brotlied, 'br'),
      notModified: flat(common),
    },
  }
  return rendition
}
