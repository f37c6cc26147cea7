import { useState } from 'react'
import { youtubeThumbnailPath } from '../../lib/youtube-contract'
import { useMessages } from '../../lib/i18n/messages'

/**
 * A video that costs nothing until asked for: a button with the thumbnail (served by the site itself,
 * `web/src/lib/youtube-contract.ts`), swapped on click for the privacy-enhanced player (youtube-nocookie.com), so no
 * YouTube request happens before the reader wants the video.
 */
export function YouTubeFacade({ youtubeId, title }: { youtubeId: string; title: string }) {
  const [playing, setPlaying] = useState(false)
  const { common } = useMessages()
  return (
    <div className="youtube-facade">
      {playing ? (
        <iframe
          className="youtube-facade__frame"
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="youtube-facade__button"
          onClick={() => setPlaying(true)}
          aria-label={common.playVideo(title)}
        >
          <img
            className="youtube-facade__thumb"
            src={youtubeThumbnailPath(youtubeId)}
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
          />
          <span className="youtube-facade__play play-triangle" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
