import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHydrationHold } from './hydration-hold'

describe('createHydrationHold', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps the held value until a task after the first subscriber asked, and releases once', async () => {
    vi.useFakeTimers()
    const onRelease = vi.fn()
    const hold = createHydrationHold<number>(onRelease)
    hold.hold(42)
    hold.releaseLater()
    hold.releaseLater()
    expect(hold.current()).toEqual({ value: 42 })
    expect(onRelease).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(0)
    expect(hold.current()).toBeNull()
    expect(onRelease).toHaveBeenCalledTimes(1)
  })

  it('does nothing when nothing is held (a page rendered without hydration)', async () => {
    vi.useFakeTimers()
    const onRelease = vi.fn()
    const hold = createHydrationHold<true>(onRelease)
    hold.releaseLater()
    await vi.advanceTimersByTimeAsync(0)
    expect(hold.current()).toBeNull()
    expect(onRelease).not.toHaveBeenCalled()
  })
})
