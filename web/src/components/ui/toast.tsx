import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { useTopLayerHost } from '../../lib/dialog/top-layer-host'
import { useDeferredModule } from '../../lib/first-load/use-deferred-module'
import { useHydrated } from '../../lib/first-load/use-hydrated'
import {
  dismissToast,
  getServerToasts,
  getToasts,
  showToast,
  subscribeToasts,
  type ToastInput,
  type ToastItem,
  TOAST_HOTKEY,
} from './toast-store'
import { useMessages } from '../../lib/i18n/messages'
import './toast.css'

export type { ToastInput, ToastItem, ToastVariant } from './toast-store'

// Radix Toast is only needed once there is a toast: its code is fetched at the first input (every toast answers
// one) and rendered from the first toast on (ADR 130). Until then a plain region stands in for its viewport.
const loadViewport = () => import('./toast-viewport')

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. At most one toast shows at a time. */
export function useToast(): {
  toasts: ToastItem[]
  toast: (input: ToastInput) => number
  dismiss: (id?: number) => void
} {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts)
  return { toasts, toast: showToast, dismiss: dismissToast }
}

/**
 * The empty toast region before Radix has loaded: the same landmark, name and list, and F8 focuses it, as
 * Radix's viewport does (docs/fan-site-rules.md §9).
 */
function ToastRegionPlaceholder() {
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (TOAST_HOTKEY.every((key) => event.code === key || event.key === key)) list.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  const label = useMessages().toast.region(TOAST_HOTKEY.join('+'))
  return (
    <div role="region" aria-label={label} tabIndex={-1} style={{ pointerEvents: 'none' }}>
      <ol ref={list} className="toast-viewport" tabIndex={-1} />
    </div>
  )
}

/** Mount once in the site layout: the toast region (F8 focuses it) and the current toast. */
export function Toaster() {
  const hydrated = useHydrated()
  const { toasts } = useToast()
  // From the first toast on, Radix renders the region (and keeps it).
  const [radix, setRadix] = useState(false)
  if (toasts.length > 0 && !radix) setRadix(true)
  // While a modal dialog is open (lib/dialog) nothing outside it shows above it or takes a click: the region
  // moves into it, so a toast it raises ("Link copied", "Sign-up failed") is seen and can be dismissed.
  const host = useTopLayerHost()
  const viewport = useDeferredModule(loadViewport, radix ? 'now' : 'first-input')
  if (!hydrated) return null
  const region = radix && viewport ? <viewport.ToastViewport /> : <ToastRegionPlaceholder />
  return host ? createPortal(region, host) : region
}
