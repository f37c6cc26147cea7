import { act, fireEvent, render, screen } from '@testing-library/react'
import { useEffect, useRef, useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { installDialogPolyfill } from '../../testing/dialog-polyfill'
import { loopTab } from './focus-loop'
import { useModalDialog } from './use-modal-dialog'
import { useTopLayerHost } from './top-layer-host'

beforeAll(() => installDialogPolyfill())

afterEach(() => {
  vi.useRealTimers()
  document.body.removeAttribute('style')
})

/** A dialog whose owner closes it as the gallery does: a fade first, then the unmount. */
function Modal({ onRequestClose }: { onRequestClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const onKeyDown = useModalDialog(ref, onRequestClose)
  return (
    <dialog ref={ref} aria-label="Test dialog" onKeyDown={onKeyDown}>
      <button type="button">First</button>
      <button type="button">Middle</button>
      <button type="button" onClick={onRequestClose}>
        Last
      </button>
    </dialog>
  )
}

function Page({ onRequestClose = () => {} }: { onRequestClose?: () => void }) {
  const [open, setOpen] = useState(false)
  const [closing, setClosing] = useState(false)
  const close = () => {
    onRequestClose()
    setClosing(true)
    setTimeout(() => {
      setOpen(false)
      setClosing(false)
    }, 300)
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <span data-testid="closing">{String(closing)}</span>
      {open ? <Modal onRequestClose={close} /> : null}
    </>
  )
}

const dialog = () => document.querySelector('dialog')!
const passPaint = () => act(() => vi.advanceTimersByTime(150))

describe('useModalDialog', () => {
  it('opens as a modal with focus inside, locks the scroll after the first frame, and undoes both on close', () => {
    vi.useFakeTimers()
    document.body.style.overflow = 'auto'
    render(<Page />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    expect(dialog().open).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }))
    passPaint()
    expect(document.body.style.overflow).toBe('hidden')

    fireEvent.click(screen.getByRole('button', { name: 'Last' }))
    // Fading out: still open, focus still inside, the page still locked.
    expect(dialog().open).toBe(true)
    expect(document.body.style.overflow).toBe('hidden')
    act(() => vi.advanceTimersByTime(300))
    expect(document.querySelector('dialog')).toBeNull()
    expect(document.body.style.overflow).toBe('auto')
    expect(document.activeElement).toBe(opener)
  })

  it('Escape runs the owner’s close sequence instead of closing the dialog itself', () => {
    vi.useFakeTimers()
    const onRequestClose = vi.fn()
    render(<Page onRequestClose={onRequestClose} />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    passPaint()
    const notCancelled = fireEvent.keyDown(screen.getByRole('button', { name: 'Middle' }), { key: 'Escape' })
    expect(notCancelled).toBe(false)
    expect(onRequestClose).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('closing')).toHaveTextContent('true')
    expect(dialog().open).toBe(true)
    act(() => vi.advanceTimersByTime(300))
    expect(document.querySelector('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(document.body.style.overflow).toBe('')
  })

  it('the browser’s cancel event is cancelled and runs the same sequence', () => {
    const onRequestClose = vi.fn()
    render(<Page onRequestClose={onRequestClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const cancel = new Event('cancel', { cancelable: true })
    act(() => {
      dialog().dispatchEvent(cancel)
    })
    expect(cancel.defaultPrevented).toBe(true)
    expect(onRequestClose).toHaveBeenCalledTimes(1)
    expect(dialog().open).toBe(true)
  })

  it('a close the browser would not let be cancelled reopens the dialog and still runs the sequence', () => {
    const onRequestClose = vi.fn()
    render(<Page onRequestClose={onRequestClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    act(() => {
      dialog().removeAttribute('open')
      dialog().dispatchEvent(new Event('close'))
    })
    expect(dialog().open).toBe(true)
    expect(onRequestClose).toHaveBeenCalledTimes(1)
  })

  it('the scroll lock is released when the dialog closes before its first frame', () => {
    vi.useFakeTimers()
    const { unmount } = render(<Page />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    unmount()
    passPaint()
    expect(document.body.style.overflow).toBe('')
  })

  it('names the open dialog as the host for what must show above it, and forgets it on close', () => {
    vi.useFakeTimers()
    let host: HTMLElement | null = null
    const record = (value: HTMLElement | null) => {
      host = value
    }
    function Probe({ onHost }: { onHost: (value: HTMLElement | null) => void }) {
      const value = useTopLayerHost()
      useEffect(() => onHost(value))
      return null
    }
    render(
      <>
        <Probe onHost={record} />
        <Page />
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    passPaint()
    expect(host).toBe(dialog())
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    act(() => vi.advanceTimersByTime(300))
    expect(host).toBeNull()
  })
})

describe('loopTab', () => {
  it('keeps Tab inside: last to first, and Shift+Tab from the first to the last', () => {
    render(<Page />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const first = screen.getByRole('button', { name: 'First' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
    // In between, the browser moves focus itself.
    const middle = screen.getByRole('button', { name: 'Middle' })
    middle.focus()
    const event = { shiftKey: false, preventDefault: vi.fn() }
    expect(loopTab(dialog(), event)).toBe(false)
    expect(event.preventDefault).not.toHaveBeenCalled()
  })
})
