import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useHydrated } from '../../lib/use-hydrated'
import {
  dismissToast,
  getServerToasts,
  getToasts,
  showToast,
  subscribeToasts,
  type ToastInput,
  type ToastItem,
} from './toast-store'

export type { ToastInput, ToastItem, ToastVariant } from './toast-store'

// Radix Toast is not needed for the first paint: its code loads right after hydration, off the critical path.
const ToastViewport = lazy(() =>
  import('./toast-viewport').then((module) => ({ default: module.ToastViewport })),
)

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. At most one toast shows at a time. */
export function useToast(): {
  toasts: ToastItem[]
  toast: (input: ToastInput) => number
  dismiss: (id?: number) => void
} {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts)
  return { toasts, toast: showToast, dismiss: dismissToast }
}

/** Mount once in the site layout: the toast region (F8 focuses it) and the current toast. */
export function Toaster() {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  )
}
