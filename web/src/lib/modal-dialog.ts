import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { getTopLayerHost, setTopLayerHost } from './top-layer-host'

/**
 * A native `<dialog>` opened with `showModal()` (ADR 130, option 13): the browser puts it in the top layer and
 * makes the rest of the page inert (no focus, no clicks, hidden from assistive technology). What it does not do,
 * this module does as Radix Dialog did: focus the first control, keep Tab inside (the browser would let it leave
 * for the address bar), give focus back on close, lock the page's scroll, and turn Escape into the owner's close
 * sequence instead of the browser's immediate close.
 */

const TABBABLE = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  'iframe',
  'video[controls]',
  'audio[controls]',
  '[tabindex]',
].join(',')

/** The dialog's controls in Tab order (tree order; nothing here sets a positive tabindex). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert]') &&
      // Rendered (jsdom has no checkVisibility and lays out nothing: everything counts there).
      (element.checkVisibility?.() ?? true),
  )
}

/**
 * Keeps Tab inside `container`: from the last control to the first and, with Shift, from the first (or the
 * container itself) to the last. Returns whether it moved focus.
 */
export function loopTab(
  container: HTMLElement,
  event: { shiftKey: boolean; preventDefault(): void },
): boolean {
  const controls = tabbableIn(container)
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return false
  }
  const active = document.activeElement
  const inside = active instanceof HTMLElement && container.contains(active) && active !== container
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}

/**
 * Locks the page's scroll (as Radix's react-remove-scroll did: `overflow: hidden` on the body, and the
 * scrollbar's width as padding so the page behind does not move sideways). Returns the undo, which puts back the
 * body's own inline values.
 */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document
  const gap = Math.max(0, window.innerWidth - documentElement.clientWidth)
  const previous = {
    overflow: body.style.overflow,
    overscrollBehavior: body.style.overscrollBehavior,
    paddingRight: body.style.paddingRight,
  }
  if (gap > 0) {
    const padding = parseFloat(getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${padding + gap}px`
  }
  body.style.overflow = 'hidden'
  body.style.overscrollBehavior = 'contain'
  return () => {
    body.style.overflow = previous.overflow
    body.style.overscrollBehavior = previous.overscrollBehavior
    body.style.paddingRight = previous.paddingRight
  }
}

/** A tab in the background gets no animation frames: past this, the callback runs without one. */
const NO_FRAME_FALLBACK_MS = 100

/**
 * Runs `callback` in a task of its own after the next frame has been painted (or after 100 ms without frames);
 * returns a cancel function. Work moved here is no longer part of the task that committed and showed the
 * dialog, which is what Total Blocking Time counts as one long task (ADR 130, option 20).
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    callback()
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  const fallback = setTimeout(run, NO_FRAME_FALLBACK_MS)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    clearTimeout(fallback)
  }
}

/** False until the component's first frame has been painted (see `afterNextPaint`), then true. */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterNextPaint(() => setPainted(true)), [])
  return painted
}

/**
 * Shows `ref`'s `<dialog>` as a modal for as long as the component is mounted (mount it open, unmount it to close).
 * `onRequestClose` runs for Escape and for any other close request of the browser (the `cancel` event), which is
 * cancelled, so the owner's sequence (a fade, then the unmount) is the only way it closes. Returns the keydown
 * handler for the dialog (Escape, Tab).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onRequestClose: () => void) {
  const requestClose = useRef(onRequestClose)
  useEffect(() => {
    requestClose.current = onRequestClose
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // No trigger element: a tile, the address or Back/Forward opens it. Whatever had focus gets it back.
    const active = document.activeElement
    const returnFocus = active instanceof HTMLElement && active !== document.body ? active : null
    if (!dialog.open) dialog.showModal()
    // showModal focused the first control already; Radix did the same by hand, so make sure of it.
    if (!dialog.contains(document.activeElement) || document.activeElement === dialog)
      tabbableIn(dialog)[0]?.focus()
    // The scroll lock makes the browser lay the whole page out again, and moving the toast region re-renders:
    // both wait for the dialog's first frame, in a task of their own. Nobody scrolls a page in those few ms, and
    // the dialog covers it and has made it inert from the start.
    let unlock: (() => void) | undefined
    const cancelLock = afterNextPaint(() => {
      unlock = lockPageScroll()
      setTopLayerHost(dialog)
    })

    const onCancel = (event: Event) => {
      event.preventDefault()
      requestClose.current()
    }
    // A close request the browser does not let us cancel (it allows one cancelled request per user activation)
    // closes the dialog at once: reopen it and run the owner's sequence, which unmounts it.
    const onClose = () => {
      if (dialog.open || !dialog.isConnected) return
      dialog.showModal()
      tabbableIn(dialog)[0]?.focus()
      requestClose.current()
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onClose)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onClose)
      cancelLock()
      if (getTopLayerHost() === dialog) setTopLayerHost(null)
      if (dialog.open) dialog.close()
      unlock?.()
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true })
    }
  }, [ref])

  return (event: { key: string; shiftKey: boolean; defaultPrevented: boolean; preventDefault(): void }) => {
    if (event.defaultPrevented) return
    const dialog = ref.current
    if (event.key === 'Escape') {
      // Cancelled here, the browser makes no close request of it (and cannot use up its one cancellable one).
      event.preventDefault()
      requestClose.current()
    } else if (event.key === 'Tab' && dialog) {
      loopTab(dialog, event)
    }
  }
}
