/** Common file types for uploads that arrive without a usable Content-Type (and the reverse lookup). */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  vtt: 'text/vtt',
  json: 'application/json',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  heif: 'image/heif',
  svg: 'image/svg+xml',
}

export const OCTET_STREAM = 'application/octet-stream'

export function mimeTypeFor(extension: string): string {
  return BY_EXTENSION[extension] ?? OCTET_STREAM
}

export function extensionFor(mimeType: string): string | undefined {
  return Object.entries(BY_EXTENSION).find(([, type]) => type === mimeType)?.[0]
}

/** The lower-cased extension of a file name, if it has a sane one. */
export function extensionOf(filename: string | undefined): string | undefined {
  const match = /\.([a-z0-9]{1,10})$/i.exec(filename ?? '')
  return match?.[1]?.toLowerCase()
}

/** `type/subtype` without parameters, lower-cased. */
export function bareMimeType(contentType: string | undefined): string | undefined {
  const bare = contentType?.split(';')[0]?.trim().toLowerCase()
  return bare || undefined
}
