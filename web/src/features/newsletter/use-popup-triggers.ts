import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { trackEvent } from '../../lib/analytics'
import { dialogStack, useDialogStackEntry } from '../../lib/dialog/dialog-stack'
import { useIsDraftPage } from '../../lib/preview/edit-target'
import { popupMemory } from './popup-memory'
import type { NewsletterPopupSettings } from './popup-settings'

/** `?newsletter=true` opens the popup (the events and contact sections link to it). */
export const NEWSLETTER_PARAM = 'newsletter'

/** Pages the popup should never interrupt by itself: the confirmation and unsubscribe pages. */
const QUIET_PATHS = /^\/newsletter\//

/**
 * When the popup is open (docs/fan-site-rules.md §2, §4): on `?newsletter=true` as a manual open (the parameter is then removed,
 * replacing the history entry, without a scroll jump), or by itself once per browser at whichever comes first
 * of the delay and the scroll threshold, never when the page was opened with `?newsletter=true`, never on a
 * draft page.
 */
export function usePopupTriggers(settings: NewsletterPopupSettings) {
  const [open, setOpen] = useState(false)
  // Set on the first open and kept: the dialog's code is only needed from then on.
  const [activated, setActivated] = useState(false)
  // Other popups (tour promo, gallery) wait while this one is open, and the automatic open waits for them; a
  // gallery item the address asks for (Back, Forward) closes it (ADR 072).
  useDialogStackEntry('newsletter', open, () => setOpen(false))
  const location = useLocation()
  const navigate = useNavigate()
  const manual = new URLSearchParams(location.search).get(NEWSLETTER_PARAM) === 'true'
  // A draft page is the Studio's preview, beside the band manager's form: opened by itself there, the popup took
  // the keyboard from the form (issue 36, ADR 160). Its links (`?newsletter=true`) still open it.
  const draftPage = useIsDraftPage()
  // Decided by the page the visit started on (state initialisers run again in the browser on hydration).
  const [autoAllowed] = useState(() => !manual && !draftPage && !QUIET_PATHS.test(location.pathname))
  // Any open during this visit disarms the automatic one.
  const opened = useRef(false)

  const show = useCallback((label: 'manual_open' | 'auto_trigger') => {
    opened.current = true
    popupMemory.markSeen()
    setActivated(true)
    setOpen(true)
    trackEvent('newsletter_popup', label)
  }, [])

  useEffect(() => {
    if (!manual) return
    // The URL is the external system here: it asks for the popup, and the parameter is consumed right away.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    show('manual_open')
    const params = new URLSearchParams(location.search)
    params.delete(NEWSLETTER_PARAM)
    const search = params.toString()
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    )
  }, [manual, show, navigate, location.pathname, location.search, location.hash, location.state])

  const { enabled, delayMs, scrollThresholdPx } = settings
  useEffect(() => {
    if (!enabled || !autoAllowed || opened.current) return
    let done = false
    let cancelWait = () => {}
    const fire = () => {
      if (done || opened.current) return
      done = true
      cleanup()
      // Read when the popup is due, not in the effects of the page's hydration: a page's first localStorage
      // access waits for the browser to load the origin's storage (ADR 130).
      if (!popupMemory.mayAutoOpen()) return
      // ADR 072: never on top of another dialog (tour promo, gallery overlay); it opens once they are closed.
      cancelWait = dialogStack.whenClear(() => {
        if (!opened.current) show('auto_trigger')
      })
    }
    const onScroll = () => {
      if (window.scrollY >= scrollThresholdPx) fire()
    }
    const timer = window.setTimeout(fire, delayMs)
    window.addEventListener('scroll', onScroll, { passive: true })
    function cleanup() {
      window.clearTimeout(timer)
      window.removeEventListener('scroll', onScroll)
    }
    onScroll()
    return () => {
      cleanup()
      cancelWait()
    }
  }, [enabled, autoAllowed, delayMs, scrollThresholdPx, show])

  return { open, setOpen, activated }
}
