/** YouTube ids are 11 characters of [A-Za-z0-9_-]; anything else never reaches a URL. */
const YOUTUBE_ID = /^[\w-]{11}$/

export function isYouTubeId(value: unknown): value is string {
  return typeof value === 'string' && YOUTUBE_ID.test(value)
}

/**
 * Where the site serves a video's thumbnail from its own origin (`server/youtube/`): the server fetches it from
 * YouTube once and keeps it, so a page shows the thumbnail without telling YouTube about the reader, and a
 * server without internet answers a placeholder instead of leaving a broken image (ADR 130).
 */
export const YOUTUBE_THUMBNAILS_PATH = '/thumbnails/youtube'

export function youtubeThumbnailPath(id: string): string {
  return `${YOUTUBE_THUMBNAILS_PATH}/${encodeURIComponent(id)}`
}
