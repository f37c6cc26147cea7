import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EditAttributesProvider } from '../../lib/preview/edit-target'
import { DEFAULT_POPUP_SETTINGS } from './popup-settings'
import { usePopupTriggers } from './use-popup-triggers'

const trackEvent = vi.fn()
vi.mock('../../lib/analytics', () => ({ trackEvent: (...args: unknown[]) => trackEvent(...args) }))

/** The popup on `path`, on a fan's page or on a draft page (the Studio's preview, ADR 160). */
function triggersOn(path: string, page: 'public' | 'draft') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <EditAttributesProvider value={page === 'draft' ? () => ({}) : undefined}>
        {children}
      </EditAttributesProvider>
    </MemoryRouter>
  )
  return renderHook(() => usePopupTriggers(DEFAULT_POPUP_SETTINGS), { wrapper })
}

describe('usePopupTriggers', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    window.localStorage.clear()
    trackEvent.mockClear()
  })
  afterEach(() => vi.useRealTimers())

  it('opens by itself after its delay on a fan’s page', () => {
    const { result } = triggersOn('/', 'public')
    act(() => vi.advanceTimersByTime(DEFAULT_POPUP_SETTINGS.delayMs))
    expect(result.current.open).toBe(true)
    expect(trackEvent).toHaveBeenCalledWith('newsletter_popup', 'auto_trigger')
  })

  it('never opens by itself on a draft page, where it took the keyboard from the Studio’s form (issue 36)', () => {
    const { result } = triggersOn('/', 'draft')
    act(() => {
      window.scrollY = 10_000
      window.dispatchEvent(new Event('scroll'))
      vi.advanceTimersByTime(10 * DEFAULT_POPUP_SETTINGS.delayMs)
    })
    expect(result.current.open).toBe(false)
    expect(trackEvent).not.toHaveBeenCalled()
  })

  it('still opens on a draft page when its link asks, to preview its copy', () => {
    const { result } = triggersOn('/?newsletter=true', 'draft')
    expect(result.current.open).toBe(true)
  })
})
