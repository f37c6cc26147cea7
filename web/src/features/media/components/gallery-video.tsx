import { useEffect, useRef, useState } from 'react'
import { mediaCoordinator } from '../../../lib/media-coordinator'
import { useMessages } from '../../../lib/i18n/messages'

type VideoStatus = 'loading' | 'ready' | 'error'

/**
 * A native gallery video with controls (docs/fan-site-rules.md §4): loading, can play, error. On error it says "Video temporarily
 * unavailable" and offers Retry, which reloads the video. Playing it mutes and pauses the hero; unmuting the
 * hero pauses it.
 */
export function GalleryVideo({
  src,
  type,
  poster,
  label,
}: {
  src: string
  type?: string | null
  poster?: string
  label: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  const { media } = useMessages()
  const [status, setStatus] = useState<VideoStatus>('loading')
  // Retry mounts a fresh <video>, which loads the source again.
  const [attempt, setAttempt] = useState(0)

  useEffect(
    () =>
      mediaCoordinator.subscribe((signal) => {
        if (signal === 'hero-unmuted') ref.current?.pause()
      }),
    [],
  )

  const retry = () => {
    setStatus('loading')
    setAttempt((n) => n + 1)
  }

  return (
    <div className="gallery-video" data-status={status}>
      {status === 'error' ? null : (
        <video
          key={attempt}
          ref={ref}
          className="gallery-overlay__video"
          controls
          playsInline
          preload="metadata"
          poster={poster}
          aria-label={label}
          onCanPlay={() => setStatus('ready')}
          onError={() => setStatus('error')}
          onPlay={() => mediaCoordinator.notify('gallery-playing')}
        >
          <source src={src} type={type ?? undefined} onError={() => setStatus('error')} />
          {media.noVideoSupport}
        </video>
      )}
      {status === 'loading' ? (
        <p className="gallery-video__status" role="status">
          {media.loadingVideo}
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="gallery-video__error" role="alert">
          <p>{media.videoUnavailable}</p>
          <button type="button" className="gallery-overlay__button" onClick={retry}>
            {media.retry}
          </button>
        </div>
      ) : null}
    </div>
  )
}
