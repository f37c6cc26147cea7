import * as RadixToast from '@radix-ui/react-toast'
import { useSyncExternalStore } from 'react'
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
} from './toast-store'
import { useMessages } from '../../lib/i18n/messages'

/** The Radix part of the toaster, loaded lazily by <Toaster />. */
export function ToastViewport() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts)
  const { toast } = useMessages()
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={toast.notification}
    >
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          className={`toast toast--${item.variant ?? 'default'}`}
          type={item.variant === 'error' ? 'foreground' : 'background'}
        >
          <RadixToast.Title className="toast__title">{item.title}</RadixToast.Title>
          {item.description ? (
            <RadixToast.Description className="toast__description">{item.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close className="toast__close" aria-label={toast.dismiss}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        className="toast-viewport"
        hotkey={TOAST_HOTKEY}
        label={toast.region('{hotkey}')}
      />
    </RadixToast.Provider>
  )
}
