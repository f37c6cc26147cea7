import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router'
import { dialogStack, useDialogStackEntry } from '../../../lib/dialog/dialog-stack'
import { mediaCoordinator } from '../../../lib/media-coordinator'
import type { GalleryItem } from '../api/get-gallery-items'
import {
  MEDIA_DEEP_LINK_DELAY_MS,
  mediaParamAction,
  OVERLAY_CLOSE_DELAY_MS,
  readMediaParam,
  withMediaParam,
  wrapIndex,
} from '../utils/gallery-rules'

export type GalleryState = {
  /** The open item, or null when the overlay is closed. */
  index: number | null
  /** Fading out: the item stays until OVERLAY_CLOSE_DELAY_MS have passed. */
  closing: boolean
}

/** History state of the entry that opening the overlay pushed: closing it then goes back instead of adding one. */
type GalleryHistoryState = { galleryPushed?: boolean } | null

const CLOSED: GalleryState = { index: null, closing: false }

const isPlayable = (item: GalleryItem | undefined) => item?.kind === 'youtube' || item?.kind === 'video'

/** The open item; opening one takes the screen (ADR 072) and pauses the hero for a playable item. */
function useGalleryState(itemsRef: RefObject<GalleryItem[]>) {
  const [state, setState] = useState<GalleryState>(CLOSED)
  const stateRef = useRef(state)
  const closeTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const commit = useCallback((next: GalleryState) => {
    stateRef.current = next
    setState(next)
  }, [])

  const show = useCallback(
    (index: number) => {
      clearTimeout(closeTimerRef.current)
      const wasOpen = stateRef.current.index !== null && !stateRef.current.closing
      commit({ index, closing: false })
      // ADR 072: asked for by a click or the address (deep link, Back, Forward), never on top of another popup.
      if (!wasOpen) dialogStack.takeScreen('gallery')
      // docs/fan-site-rules.md §4: opening a video or YouTube item mutes and pauses the hero.
      if (isPlayable(itemsRef.current[index])) mediaCoordinator.notify('gallery-playing')
    },
    [commit, itemsRef],
  )

  useEffect(
    () => () => {
      clearTimeout(closeTimerRef.current)
      if (stateRef.current.index !== null) mediaCoordinator.notify('gallery-closed')
    },
    [],
  )
  return { state, stateRef, closeTimerRef, commit, show }
}

/** The URL as the source: deep links on arrival, Back and Forward. */
function useFollowMediaParam(
  slug: string | null,
  gallery: {
    stateRef: RefObject<GalleryState>
    itemsRef: RefObject<GalleryItem[]>
    show: (index: number) => void
    close: (options: { fromUrl: boolean }) => void
  },
) {
  const { stateRef, itemsRef, show, close } = gallery
  const arrival = useRef(true)
  useEffect(() => {
    // React renders location updates as transitions, late under load: a slug the address bar has already left
    // (our own previous/next, replaced by a newer one) is no change from outside, and acting on it would step
    // back to an item the visitor moved past. The render with the current address follows.
    if (slug !== readMediaParam(window.location.search)) return
    const initial = arrival.current
    arrival.current = false
    const { index, closing } = stateRef.current
    const list = itemsRef.current
    const openSlug = index !== null && !closing ? (list[index]?.slug ?? null) : null
    const action = mediaParamAction(
      slug,
      openSlug,
      list.map((item) => item.slug),
    )
    switch (action.type) {
      case 'unknown':
        console.warn(`Gallery: no media item with the slug "${action.slug}"; nothing to open.`)
        return
      case 'close':
        if (index !== null) close({ fromUrl: true })
        return
      case 'open': {
        if (!initial) {
          show(action.index)
          return
        }
        // docs/fan-site-rules.md §2: a page loaded with ?media= opens the item after about 100 ms.
        const timer = setTimeout(() => show(action.index), MEDIA_DEEP_LINK_DELAY_MS)
        return () => clearTimeout(timer)
      }
      default:
        return
    }
  }, [slug, show, close, stateRef, itemsRef])
}

/** Writes `?media=` into the current address: pushing a history entry on open, replacing it otherwise. */
function useMediaParamWriter(navigate: NavigateFunction, locationRef: RefObject<Location>) {
  return useCallback(
    (slug: string | null, mode: 'push' | 'replace') => {
      const current = locationRef.current
      const state = current.state as GalleryHistoryState
      void navigate(
        { pathname: current.pathname, search: withMediaParam(current.search, slug), hash: current.hash },
        {
          replace: mode === 'replace',
          preventScrollReset: true,
          state: mode === 'push' ? { galleryPushed: true } : state,
        },
      )
    },
    [navigate, locationRef],
  )
}

/**
 * The gallery overlay's state and its mirror in the URL (ADR 070). `?media={slug}` always names the open item:
 * opening pushes a history entry (Back closes the overlay), previous/next replace it, closing fades out and then
 * removes the parameter. Changes of the URL that did not come from here (a deep link on arrival, Back, Forward)
 * open or close the overlay; an unknown slug only logs a warning.
 */
export function useGallery(items: GalleryItem[]) {
  const location = useLocation()
  const navigate = useNavigate()
  // Event handlers and the URL effect read the latest state and items without re-subscribing.
  const itemsRef = useRef(items)
  const locationRef = useRef(location)
  useEffect(() => {
    itemsRef.current = items
    locationRef.current = location
  })
  const { state, stateRef, closeTimerRef, commit, show } = useGalleryState(itemsRef)

  const writeUrl = useMediaParamWriter(navigate, locationRef)

  const open = useCallback(
    (index: number) => {
      const slug = itemsRef.current[index]?.slug
      if (!slug) return
      show(index)
      writeUrl(slug, 'push')
    },
    [show, writeUrl],
  )

  const go = useCallback(
    (delta: number) => {
      const { index, closing } = stateRef.current
      const total = itemsRef.current.length
      if (index === null || closing || total === 0) return
      const next = wrapIndex(index + delta, total)
      show(next)
      writeUrl(itemsRef.current[next]?.slug ?? null, 'replace')
    },
    [show, writeUrl, stateRef],
  )

  /** Fades out; after 300 ms clears the item and, unless the URL already changed, the parameter. */
  const close = useCallback(
    ({ fromUrl = false }: { fromUrl?: boolean } = {}) => {
      const { index, closing } = stateRef.current
      if (index === null || closing) return
      commit({ index, closing: true })
      closeTimerRef.current = setTimeout(() => {
        commit(CLOSED)
        mediaCoordinator.notify('gallery-closed')
        if (fromUrl || readMediaParam(locationRef.current.search) === null) return
        const pushed = (locationRef.current.state as GalleryHistoryState)?.galleryPushed
        if (pushed) void navigate(-1)
        else writeUrl(null, 'replace')
      }, OVERLAY_CLOSE_DELAY_MS)
    },
    [commit, navigate, writeUrl, stateRef, closeTimerRef],
  )

  // Registered here, with the page, not in the lazy overlay: the stack knows while the overlay's code loads.
  useDialogStackEntry('gallery', state.index !== null, () => close())

  const slug = readMediaParam(location.search)
  useFollowMediaParam(slug, { stateRef, itemsRef, show, close })

  return { ...state, open, go, close, requested: slug }
}
