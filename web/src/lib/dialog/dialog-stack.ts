import { useEffect, useRef } from 'react'

/**
 * Which modal dialogs are open, so popups never stack (ADR 072): the tour promo and the newsletter's automatic
 * open wait while another dialog (gallery overlay, tour promo, newsletter) is open, and an open the visitor asked
 * for through the address (a deep link, Back, Forward) dismisses the popups that are open instead of landing on
 * top of them. Entries are registered by the code that owns the open state, which is loaded with the page, never
 * by a lazily loaded dialog: the stack knows at once, while that dialog's code is still on its way.
 */
const open = new Map<string, (() => void) | undefined>()
const listeners = new Set<() => void>()

function emit() {
  for (const listener of [...listeners]) listener()
}

export const dialogStack = {
  isAnyOpen: (): boolean => open.size > 0,
  /** `dismiss` closes the dialog when another one takes the screen (see `takeScreen`). */
  add(id: string, dismiss?: () => void): void {
    open.set(id, dismiss)
    emit()
  },
  remove(id: string): void {
    if (open.delete(id)) emit()
  },
  /** Dismisses every open dialog but `id` (the one the visitor asked for), so it is never on top of another. */
  takeScreen(id: string): void {
    for (const [other, dismiss] of [...open]) if (other !== id) dismiss?.()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  /** Calls `run` now if no dialog is open, else as soon as the last one closes. Returns a cancel function. */
  whenClear(run: () => void): () => void {
    if (open.size === 0) {
      run()
      return () => {}
    }
    const unsubscribe = dialogStack.subscribe(() => {
      if (open.size > 0) return
      unsubscribe()
      run()
    })
    return unsubscribe
  },
}

/** Registers a dialog in the stack while `isOpen`; `dismiss` closes it when another dialog takes the screen. */
export function useDialogStackEntry(id: string, isOpen: boolean, dismiss?: () => void): void {
  const latestDismiss = useRef(dismiss)
  useEffect(() => {
    latestDismiss.current = dismiss
  })
  useEffect(() => {
    if (!isOpen) return
    dialogStack.add(id, () => latestDismiss.current?.())
    return () => dialogStack.remove(id)
  }, [id, isOpen])
}
