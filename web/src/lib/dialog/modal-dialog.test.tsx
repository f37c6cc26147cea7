import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { installDialogPolyfill } from '../../testing/dialog-polyfill'
import { ModalDialog } from './modal-dialog'

beforeAll(() => installDialogPolyfill())

afterEach(() => {
  vi.restoreAllMocks()
})

/** A popup as the newsletter's: opened from a button, closed at once by whatever asks. */
function Popup({
  closeOnBackdropClick,
  onRequestClose = () => {},
  onKeyDown,
}: {
  closeOnBackdropClick?: boolean
  onRequestClose?: () => void
  onKeyDown?: (event: { key: string; defaultPrevented: boolean }) => void
}) {
  const [open, setOpen] = useState(false)
  const close = () => {
    onRequestClose()
    setOpen(false)
  }
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <ModalDialog
          aria-labelledby="popup-title"
          aria-describedby="popup-text"
          onRequestClose={close}
          closeOnBackdropClick={closeOnBackdropClick}
          onKeyDown={onKeyDown}
        >
          <h2 id="popup-title">Stay in the Loop</h2>
          <p id="popup-text">Updates from the road.</p>
          <input aria-label="First Name" />
          <button type="button" onClick={close}>
            Close
          </button>
        </ModalDialog>
      ) : null}
    </main>
  )
}

function open() {
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, dialog: screen.getByRole('dialog', { name: 'Stay in the Loop' }) as HTMLDialogElement }
}

/** The panel's box in the window: 400 x 300 at (100, 100). */
function placePanel(dialog: HTMLElement) {
  vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 100, 400, 300))
}

function press(target: HTMLElement, at: { clientX: number; clientY: number }, release = at) {
  fireEvent.pointerDown(target, at)
  fireEvent.click(target, release)
}

describe('ModalDialog', () => {
  it('opens as a modal in <body>, named and described, with focus on its first control, and gives focus back', () => {
    render(<Popup />)
    const { opener, dialog } = open()
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.open).toBe(true)
    expect(dialog.parentElement).toBe(document.body)
    expect(dialog).toHaveAccessibleDescription('Updates from the road.')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First Name' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('Escape asks the owner to close it; other keys reach the owner’s handler', () => {
    const onRequestClose = vi.fn()
    const keys: [string, boolean][] = []
    render(
      <Popup onRequestClose={onRequestClose} onKeyDown={(e) => keys.push([e.key, e.defaultPrevented])} />,
    )
    const { dialog } = open()
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(onRequestClose).not.toHaveBeenCalled()
    act(() => {
      fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' })
    })
    expect(onRequestClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    // The owner sees Escape already handled, so it does nothing more with it.
    expect(keys).toEqual([
      ['ArrowRight', false],
      ['Escape', true],
    ])
  })

  it('a click on the backdrop, outside the panel, closes a popup', () => {
    const onRequestClose = vi.fn()
    render(<Popup closeOnBackdropClick onRequestClose={onRequestClose} />)
    const { dialog } = open()
    placePanel(dialog)
    press(dialog, { clientX: 10, clientY: 790 })
    expect(onRequestClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('clicks inside the panel, and presses that start inside it, do not close it', () => {
    const onRequestClose = vi.fn()
    render(<Popup closeOnBackdropClick onRequestClose={onRequestClose} />)
    const { dialog } = open()
    placePanel(dialog)
    // On the panel's padding (the dialog element itself is the target), on a child, and a text selection
    // dragged out of a field onto the backdrop.
    press(dialog, { clientX: 110, clientY: 110 })
    press(screen.getByRole('heading'), { clientX: 10, clientY: 10 })
    press(dialog, { clientX: 200, clientY: 200 }, { clientX: 10, clientY: 10 })
    expect(onRequestClose).not.toHaveBeenCalled()
    expect(dialog.open).toBe(true)
  })

  it('without closeOnBackdropClick a click outside does nothing', () => {
    const onRequestClose = vi.fn()
    render(<Popup onRequestClose={onRequestClose} />)
    const { dialog } = open()
    placePanel(dialog)
    press(dialog, { clientX: 10, clientY: 790 })
    expect(onRequestClose).not.toHaveBeenCalled()
  })
})
