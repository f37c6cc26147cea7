import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18nWrapper } from '../../testing/with-i18n'
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
      { wrapper: i18nWrapper() },
    )
    act(() => screen.getByRole('button', { name: 'raise' }).click())
    expect(await screen.findByText('Could not sign up')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click())
    expect(getToasts()[0]?.open).toBe(false)
  })

  it('before any toast, shows a plain F8 region that F8 focuses, and switches to Radix at the first toast', async () => {
    render(<Toaster />, { wrapper: i18nWrapper() })
    const region = screen.getByRole('region', { name: 'Notifications (F8)' })
    expect(region.querySelector('ol.toast-viewport')).not.toBeNull()
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }))
    })
    expect(region.contains(document.activeElement)).toBe(true)
    act(() => void showToast({ title: 'Saved' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument()
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
