import { Router } from 'express'
import { isYouTubeId } from '../../web/src/lib/youtube-contract'
import { HttpError } from '../http/errors'
import { THUMBNAIL_PLACEHOLDER_SVG } from './thumbnail-placeholder'
import type { YouTubeThumbnails } from './youtube-thumbnails'

/** A day fresh, then served while it is checked again for a week: YouTube rarely changes a video's thumbnail. */
const THUMBNAIL_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'
/** Short, so a thumbnail that comes back (network restored, back-off over) replaces the placeholder soon. */
const PLACEHOLDER_CACHE = 'public, max-age=300'

/** `GET /thumbnails/youtube/:id` (mounted at `YOUTUBE_THUMBNAILS_PATH`): the thumbnail, or the placeholder. */
export function youtubeThumbnailRouter(thumbnails: YouTubeThumbnails): Router {
  const router = Router()
  router.get('/:id', async (req, res) => {
    const { id } = req.params
    if (!isYouTubeId(id)) throw new HttpError(400, 'Not a YouTube video id: 11 letters, digits, "-" or "_"')
    const answer = await thumbnails.get(id)
    if (answer.kind === 'thumbnail') {
      res.set('Cache-Control', THUMBNAIL_CACHE).type(answer.contentType).send(answer.bytes)
    } else {
      res
        .set({ 'Cache-Control': PLACEHOLDER_CACHE, 'X-Thumbnail': `placeholder (${answer.reason})` })
        .type('image/svg+xml')
        .send(THUMBNAIL_PLACEHOLDER_SVG)
    }
  })
  return router
}
