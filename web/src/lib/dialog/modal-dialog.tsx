import {
  useRef,
  type DialogHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { useModalDialog } from './use-modal-dialog'

type ModalDialogProps = Omit<
  DialogHTMLAttributes<HTMLDialogElement>,
  'open' | 'role' | 'onCancel' | 'onClose' | 'onClick' | 'onPointerDown' | 'children'
> & {
  /** Escape, the browser's other close requests and (with `closeOnBackdropClick`) a click outside the panel. */
  onRequestClose: () => void
  /** The popups close on a click outside their panel; the gallery overlay fills the screen and has no outside. */
  closeOnBackdropClick?: boolean
  /** Name it with `aria-labelledby` (its title's id); `aria-describedby` for the text a screen reader reads next. */
  'aria-labelledby': string
  children: ReactNode
}

/** Whether a pointer event on the dialog itself fell on its `::backdrop`, outside the panel's box. */
function onBackdrop(event: {
  target: EventTarget
  currentTarget: HTMLElement
  clientX: number
  clientY: number
}) {
  if (event.target !== event.currentTarget) return false
  const box = event.currentTarget.getBoundingClientRect()
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  )
}

/**
 * The site's one modal dialog (ADR 072): a native `<dialog>` opened with `showModal()` while mounted (mount it
 * to open, unmount it to close), rendered into `<body>` so it inherits the page's base styles rather than its
 * owner's section's. Focus, Tab, Escape, the scroll lock and the toast region are `useModalDialog`'s; the owner
 * decides what closing means (the gallery fades for 300 ms first, the popups unmount at once) and names the
 * dialog by its title. Keys go to the owner's `onKeyDown` after Escape and Tab are handled.
 */
export function ModalDialog({
  onRequestClose,
  closeOnBackdropClick = false,
  onKeyDown,
  children,
  ...attributes
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const onDialogKeyDown = useModalDialog(ref, onRequestClose)
  // A press that starts in the panel and ends outside (selecting the text of a field) is not a click outside.
  const pressedOnBackdrop = useRef(false)

  return createPortal(
    // role="dialog" is <dialog>'s own; written out for the e2e suite's count of open modals (ADR 101).
    <dialog
      ref={ref}
      role="dialog"
      {...attributes}
      onKeyDown={(event: KeyboardEvent<HTMLDialogElement>) => {
        onDialogKeyDown(event)
        onKeyDown?.(event)
      }}
      onPointerDown={(event: PointerEvent<HTMLDialogElement>) => {
        pressedOnBackdrop.current = onBackdrop(event)
      }}
      onClick={(event) => {
        const outside = pressedOnBackdrop.current && onBackdrop(event)
        pressedOnBackdrop.current = false
        if (closeOnBackdropClick && outside) onRequestClose()
      }}
    >
      {children}
    </dialog>,
    document.body,
  )
}
