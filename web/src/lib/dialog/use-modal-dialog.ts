import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { afterNextPaint } from './after-next-paint'
import { loopTab, tabbableIn } from './focus-loop'
import { lockPageScroll } from './scroll-lock'
import { getTopLayerHost, setTopLayerHost } from './top-layer-host'

export type DialogKeyEvent = {
  key: string
  shiftKey: boolean
  defaultPrevented: boolean
  preventDefault(): void
}

/**
 * Shows `ref`'s `<dialog>` as a modal for as long as the component is mounted (mount it open, unmount it to close).
 * `showModal()` puts it in the top layer and makes the rest of the page inert (no focus, no clicks, hidden from
 * assistive technology). What the browser does not do, this does: focus the first control, keep Tab inside,
 * give focus back on close, lock the page's scroll, and turn Escape and the browser's other close requests (the
 * `cancel` event, which is cancelled) into `onRequestClose`, so the owner's sequence (a fade, then the unmount)
 * is the only way it closes. Returns the keydown handler for the dialog (Escape, Tab).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onRequestClose: () => void) {
  const requestClose = useRef(onRequestClose)
  useEffect(() => {
    requestClose.current = onRequestClose
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // No trigger element: a tile, a link, a timer, the address or Back/Forward opens it. Whatever had focus gets
    // it back.
    const active = document.activeElement
    const returnFocus = active instanceof HTMLElement && active !== document.body ? active : null
    if (!dialog.open) dialog.showModal()
    // showModal focused the first focusable element already (a tabindex="-1" one counts for it): make sure it
    // is the first control.
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

  return (event: DialogKeyEvent) => {
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
