import { useSyncExternalStore } from 'react'

/**
 * The open modal `<dialog>` (use-modal-dialog.ts): UI that must show above it (the toasts) renders inside it,
 * since nothing outside a modal dialog in the top layer can be seen over it or be clicked while it is open. Kept
 * apart from the dialog itself, which only the dialogs' lazy chunks load: the app chunk's toaster needs just this.
 */
let host: HTMLElement | null = null
const listeners = new Set<() => void>()

export const getTopLayerHost = (): HTMLElement | null => host

export function setTopLayerHost(element: HTMLElement | null): void {
  if (host === element) return
  host = element
  for (const listener of [...listeners]) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The open modal `<dialog>`, or null: render what must stay visible and usable above it into it. */
export function useTopLayerHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, getTopLayerHost, () => null)
}
