import { afterEach, describe, expect, it, vi } from 'vitest'
import { onFirstInteraction } from './on-first-interaction'

describe('onFirstInteraction', () => {
  let cancel = () => {}
  afterEach(() => cancel())

  it('runs once, at the first input, and not for a scroll the page does itself', () => {
    const callback = vi.fn()
    cancel = onFirstInteraction(callback)
    window.dispatchEvent(new Event('scroll'))
    expect(callback).not.toHaveBeenCalled()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    window.dispatchEvent(new Event('pointerdown'))
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('does nothing once cancelled', () => {
    const callback = vi.fn()
    onFirstInteraction(callback)()
    window.dispatchEvent(new Event('pointerdown'))
    expect(callback).not.toHaveBeenCalled()
  })
})
