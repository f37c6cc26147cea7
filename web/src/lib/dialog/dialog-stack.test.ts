import { describe, expect, it, vi } from 'vitest'
import { dialogStack } from './dialog-stack'

describe('dialogStack.whenClear', () => {
  it('runs at once when no dialog is open, else when the last one closes', () => {
    const now = vi.fn()
    dialogStack.whenClear(now)
    expect(now).toHaveBeenCalledTimes(1)

    const later = vi.fn()
    dialogStack.add('a')
    dialogStack.add('b')
    const cancelled = vi.fn()
    const cancel = dialogStack.whenClear(cancelled)
    dialogStack.whenClear(later)
    cancel()
    dialogStack.remove('a')
    expect(later).not.toHaveBeenCalled()
    dialogStack.remove('b')
    expect(later).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
    expect(dialogStack.isAnyOpen()).toBe(false)
  })
})

describe('dialogStack.takeScreen', () => {
  it('dismisses every other open dialog, never the one taking the screen', () => {
    const dismissNewsletter = vi.fn(() => dialogStack.remove('newsletter'))
    const dismissGallery = vi.fn()
    dialogStack.add('newsletter', dismissNewsletter)
    dialogStack.add('gallery', dismissGallery)
    dialogStack.takeScreen('gallery')
    expect(dismissNewsletter).toHaveBeenCalledTimes(1)
    expect(dismissGallery).not.toHaveBeenCalled()
    dialogStack.remove('gallery')
    expect(dialogStack.isAnyOpen()).toBe(false)
  })
})
