import { useCallback, useEffect, useRef, useState } from 'react'
import { trackEvent } from '../../../lib/analytics'
import { mediaCoordinator } from '../../../lib/media-coordinator'
import { useVisibility } from '../../../lib/use-visibility'
import { useMessages } from '../../../lib/i18n/messages'

type HeroVideoStatus = 'idle' | 'loading' | 'ready' | 'error'

export type HeroVideoProps = {
  src: string
  type?: string | null
  /** Shown with the notice when the video fails (the fallback still, else the poster). */
  fallbackSrc?: string | null
  fallbackSrcSet?: string
  fallbackAlt?: string
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/**
 * Plays the hero while it is in view (its source is set the first time it is), pauses it out of view, and gives
 * the sound to gallery media (ADR 100).
 */
function useHeroPlayback() {
  const ref = useRef<HTMLVideoElement>(null)
  const [activated, setActivated] = useState(false)
  const [muted, setMuted] = useState(true)
  const visible = useRef(false)

  const play = useCallback(() => {
    const video = ref.current
    // While the gallery holds the sound (an open video or YouTube item), the hero stays paused (ADR 100).
    if (!video || !video.getAttribute('src') || mediaCoordinator.galleryHoldsSound()) return
    video.play().catch((error: unknown) => {
      // docs/fan-site-rules.md §4: a blocked autoplay is only logged.
      console.info('Hero video: playback did not start', error instanceof Error ? error.name : error)
    })
  }, [])

  const containerRef = useRef<HTMLDivElement>(null)
  useVisibility(containerRef, (isVisible) => {
    visible.current = isVisible
    if (isVisible) {
      if (!activated && !prefersReducedMotion()) setActivated(true)
      play()
    } else {
      ref.current?.pause()
    }
  })

  // The source was just set: start if still in view.
  useEffect(() => {
    const video = ref.current
    if (!activated || !video) return
    video.muted = true
    if (visible.current) play()
  }, [activated, play])

  useEffect(
    () =>
      mediaCoordinator.subscribe((signal) => {
        const video = ref.current
        if (signal === 'gallery-playing') {
          if (video) {
            video.muted = true
            video.pause()
          }
          setMuted(true)
        } else if (signal === 'gallery-closed') {
          if (visible.current) play()
        }
      }),
    [play],
  )
  return { ref, containerRef, activated, muted, setMuted, play }
}

function HeroFallback({ src, srcSet, alt }: { src?: string | null; srcSet?: string; alt: string }) {
  const { hero } = useMessages()
  return (
    <div className="hero__fallback">
      {src ? (
        <img className="hero__fallback-image" src={src} srcSet={srcSet} sizes="100vw" alt={alt} />
      ) : null}
      <p className="hero__notice" role="status">
        {hero.videoUnavailable}
      </p>
    </div>
  )
}

function MuteButton({ muted, onClick }: { muted: boolean; onClick: () => void }) {
  const { hero } = useMessages()
  return (
    <button
      type="button"
      className="hero__mute"
      aria-pressed={muted}
      aria-label={hero.mute}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  )
}

/**
 * The hero's muted, looping video over the poster (docs/fan-site-rules.md §4, ADR 071). Its source is set the first time the hero is
 * 10% visible (50 px margin); it plays only while visible and pauses out of view. The mute control appears once
 * metadata has loaded; unmuting plays it and pauses gallery videos. Gallery media mutes and pauses it. On error
 * the fallback still shows with "Video unavailable - showing image instead"; a blocked autoplay is only logged.
 */
export function HeroVideo({ src, type, fallbackSrc, fallbackSrcSet, fallbackAlt = '' }: HeroVideoProps) {
  const { ref, containerRef, activated, muted, setMuted, play } = useHeroPlayback()
  const [status, setStatus] = useState<HeroVideoStatus>('idle')
  const [hasMetadata, setHasMetadata] = useState(false)

  const toggleMute = () => {
    const video = ref.current
    if (!video) return
    const next = !muted
    video.muted = next
    setMuted(next)
    trackEvent('video_interaction', next ? 'muted' : 'unmuted')
    if (!next) {
      mediaCoordinator.notify('hero-unmuted')
      play()
    }
  }

  const failed = status === 'error'
  return (
    <div ref={containerRef} className="hero__media" data-status={status}>
      {failed ? null : (
        <video
          ref={ref}
          className={`hero__video${status === 'ready' ? ' is-ready' : ''}`}
          src={activated ? src : undefined}
          data-type={type ?? undefined}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          onLoadStart={() => setStatus('loading')}
          onLoadedMetadata={() => setHasMetadata(true)}
          onCanPlay={() => setStatus('ready')}
          onError={() => setStatus('error')}
        />
      )}
      {failed ? <HeroFallback src={fallbackSrc} srcSet={fallbackSrcSet} alt={fallbackAlt} /> : null}
      {hasMetadata && !failed ? <MuteButton muted={muted} onClick={toggleMute} /> : null}
    </div>
  )
}
