import { randomBytes } from 'node:crypto'

/** Sanity's id conventions: `drafts.X` is the draft of `X`, `versions.<release>.X` a release version of it. */
export const DRAFTS_PREFIX = 'drafts.'
export const VERSIONS_PREFIX = 'versions.'

export function isDraftId(id: string): boolean {
  return id.startsWith(DRAFTS_PREFIX)
}

export function isVersionId(id: string): boolean {
  return id.startsWith(VERSIONS_PREFIX)
}

/** Ids with a dot path segment (drafts, versions, `_.` system documents) are private: never shown to anonymous. */
export function isPublicId(id: string): boolean {
  return !id.includes('.')
}

/** A "published" document in the perspective sense: neither a draft nor a release version. */
export function isPublishedId(id: string): boolean {
  return !isDraftId(id) && !isVersionId(id)
}

export function getPublishedId(id: string): string {
  if (isDraftId(id)) return id.slice(DRAFTS_PREFIX.length)
  if (isVersionId(id)) {
    const rest = id.slice(VERSIONS_PREFIX.length)
    const dot = rest.indexOf('.')
    return dot === -1 ? rest : rest.slice(dot + 1)
  }
  return id
}

/** Release name of a version id, `drafts` for a draft, null for a published id. */
export function getVersionName(id: string): string | null {
  if (isDraftId(id)) return 'drafts'
  if (isVersionId(id)) {
    const rest = id.slice(VERSIONS_PREFIX.length)
    const dot = rest.indexOf('.')
    return dot === -1 ? null : rest.slice(0, dot)
  }
  return null
}

export function getDraftId(id: string): string {
  return DRAFTS_PREFIX + getPublishedId(id)
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Random base62 id, the shape Sanity uses for transaction ids and generated document ids. */
export function randomId(length = 22): string {
  const bytes = randomBytes(length * 2)
  let out = ''
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i]!
    // Reject bytes that would bias the distribution (256 is not a multiple of 62).
    if (byte < 248) out += ALPHABET[byte % 62]
  }
  return out.length === length ? out : out + randomId(length - out.length)
}

/** Document ids Sanity accepts: up to 128 characters of letters, digits, `_`, `-` and `.` separators. */
export const DOCUMENT_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/

export function isValidDocumentId(id: string): boolean {
  return DOCUMENT_ID.test(id) && !id.includes('..') && !id.endsWith('.')
}

/** Dataset names as Sanity allows them: lowercase letters, digits, `_` and `-`, at most 64 characters. */
export const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** The order of `*`: by `_id`, in UTF-16 code unit order (`<`), as `order(_id)` sorts (store/documents-by-id.ts). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
