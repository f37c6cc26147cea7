import { useEffect } from 'react'

/**
 * Which modal dialogs are open, so automatic popups never stack (ADR 072): the tour promo and the newsletter's
 * automatic open wait while another dialog (gallery overlay, tour promo, newsletter) is open.
 */
const open = new Set<string>()
const listeners = new Set<() => void>()

function emit() {
  for (const listener of [...listeners]) listener()
}

export const dialogStack = {
  isAnyOpen: (): boolean => open.size > 0,
  add(id: string): void {
    open.add(id)
    emit()
  },
  remove(id: string): void {
    if (open.delete(id)) emit()
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

/** Registers a dialog in the stack while `isOpen`. */
export function useDialogStackEntry(id: string, isOpen: boolean): void {
  useEffect(() => {
    if (!isOpen) return
    dialogStack.add(id)
    return () => dialogStack.remove(id)
  }, [id, isOpen])
}
