import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from './after-first-paint'

/** A document with one high-priority image whose decode() the test settles. */
function documentWithPoster() {
  const doc = document.implementation.createHTMLDocument()
  const image = doc.createElement('img')
  image.setAttribute('fetchpriority', 'high')
  let settle: (ok: boolean) => void = () => {}
  image.decode = () =>
    new Promise<void>((resolve, reject) => {
      settle = (ok) => (ok ? resolve() : reject(new Error('broken image')))
    })
  doc.body.append(image)
  return { doc, settle: (ok: boolean) => settle(ok) }
}

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the hero image to decode, then for two frames, then runs once', async () => {
    const { doc, settle } = documentWithPoster()
    const callback = vi.fn()
    afterFirstPaint(callback, doc)
    await vi.advanceTimersByTimeAsync(1000)
    expect(callback).not.toHaveBeenCalled()
    expect(frames).toHaveLength(0)

    settle(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(frames).toHaveLength(1)
    expect(callback).not.toHaveBeenCalled()
    frames[0]!(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(callback).not.toHaveBeenCalled()
    frames[1]!(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(callback).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('goes on after a broken image, and without frames (a background tab)', async () => {
    const { doc, settle } = documentWithPoster()
    const callback = vi.fn()
    afterFirstPaint(callback, doc)
    settle(false)
    await vi.advanceTimersByTimeAsync(249)
    expect(callback).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('waits no longer than 3 s for an image that never settles', async () => {
    const { doc } = documentWithPoster()
    const callback = vi.fn()
    afterFirstPaint(callback, doc)
    await vi.advanceTimersByTimeAsync(2999)
    expect(frames).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    frames[0]!(0)
    frames[1]!(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('runs at once on the first input, before the image has loaded', async () => {
    const { doc } = documentWithPoster()
    const callback = vi.fn()
    afterFirstPaint(callback, doc)
    window.dispatchEvent(new Event('pointerdown'))
    expect(callback).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    frames.forEach((frame) => frame(0))
    expect(callback).toHaveBeenCalledTimes(1)
  })
})
