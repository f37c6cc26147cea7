import type { RequestHandler } from 'express'
import { mimeTypeFor, OCTET_STREAM } from '../file-types'

/**
 * How uploaded bytes are served (ADR 085): user content shares the site's origin, so no response may be
 * something a browser runs. Media a browser only shows (raster images, audio, video, PDF) go inline with
 * their own type; everything else (HTML, SVG, JavaScript, text, ...) is a download of opaque bytes.
 */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/heif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/ogg',
  'application/pdf',
])

/** Set on every response under `/images` and `/files`, errors included: nothing there may run or load. */
export const USER_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
}

export type Serving = { contentType: string; inline: boolean }

/** What a stored file with this extension is served as. */
export function servingFor(extension: string): Serving {
  const type = mimeTypeFor(extension.toLowerCase())
  return INLINE_TYPES.has(type)
    ? { contentType: type, inline: true }
    : { contentType: OCTET_STREAM, inline: false }
}

export const userContentHeaders: RequestHandler = (_req, res, next) => {
  res.set(USER_CONTENT_HEADERS)
  next()
}
