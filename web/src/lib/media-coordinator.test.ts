import { describe, expect, it, vi } from 'vitest'
import { mediaCoordinator } from './media-coordinator'

describe('mediaCoordinator', () => {
  it('remembers who holds the sound, so a hero that arrives late still knows (ADR 100)', () => {
    expect(mediaCoordinator.galleryHoldsSound()).toBe(false)
    mediaCoordinator.notify('gallery-playing')
    // A listener that subscribes after the item opened reads the state, not the missed message.
    const late = vi.fn()
    const unsubscribe = mediaCoordinator.subscribe(late)
    expect(mediaCoordinator.galleryHoldsSound()).toBe(true)
    mediaCoordinator.notify('hero-unmuted')
    expect(mediaCoordinator.galleryHoldsSound()).toBe(false)
    mediaCoordinator.notify('gallery-playing')
    mediaCoordinator.notify('gallery-closed')
    expect(mediaCoordinator.galleryHoldsSound()).toBe(false)
    expect(late.mock.calls.map(([signal]) => signal)).toEqual([
      'hero-unmuted',
      'gallery-playing',
      'gallery-closed',
    ])
    unsubscribe()
  })
})
