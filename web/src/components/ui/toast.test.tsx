import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster, useToast } from './toast'
import { dismissToast, getToasts, resetToastsForTests, showToast, TOAST_REMOVE_DELAY_MS } from './toast-store'

function RaiseButton() {
  const { toast } = useToast()
  return (
    <button type="button" onClick={() => toast({ title: 'Could not sign up', variant: 'error' })}>
      raise
    </button>
  )
}

describe('toasts', () => {
  afterEach(() => {
    act(() => resetToastsForTests())
    vi.useRealTimers()
  })

  it('keeps at most one toast, the newest', () => {
    showToast({ title: 'First' })
    showToast({ title: 'Second', description: 'More' })
    expect(getToasts()).toHaveLength(1)
    expect(getToasts()[0]).toMatchObject({ title: 'Second', description: 'More', open: true })
  })

  it('renders the toast in the F8 region after hydration and closes it with the close button', async () => {
    render(
      <>
        <RaiseButton />
        <Toaster />
      </>,
    )
    act(() => screen.getByRole('button', { name: 'raise' }).click())
    expect(await screen.findByText('Could not sign up')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click())
    expect(getToasts()[0]?.open).toBe(false)
  })

  it('removes a dismissed toast from memory after 1000000 ms', () => {
    vi.useFakeTimers()
    const id = showToast({ title: 'Bye' })
    dismissToast(id)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(getToasts()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(getToasts()).toHaveLength(0)
  })
})
