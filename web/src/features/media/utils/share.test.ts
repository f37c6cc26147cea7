import { describe, expect, it, vi } from 'vitest'
import { shareOrCopy } from './share'

const data = { title: 'T', text: 'T - Band', url: 'https://example.com/?media=a' }

describe('shareOrCopy', () => {
  it('uses the share sheet with title, text and URL when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    const writeText = vi.fn()
    expect(await shareOrCopy(data, { share, writeText })).toBe('shared')
    expect(share).toHaveBeenCalledWith(data)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('treats a dismissed share sheet as cancelled, not as a failure', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'))
    const writeText = vi.fn()
    expect(await shareOrCopy(data, { share, writeText })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the URL when sharing is unavailable or refused', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    expect(await shareOrCopy(data, { writeText })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(data.url)
    const refused = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'))
    expect(await shareOrCopy(data, { share: refused, writeText })).toBe('copied')
  })

  it('retries a failed copy exactly once', async () => {
    const flaky = vi.fn().mockRejectedValueOnce(new Error('not focused')).mockResolvedValue(undefined)
    expect(await shareOrCopy(data, { writeText: flaky })).toBe('copied')
    expect(flaky).toHaveBeenCalledTimes(2)
    const broken = vi.fn().mockRejectedValue(new Error('denied'))
    expect(await shareOrCopy(data, { writeText: broken })).toBe('failed')
    expect(broken).toHaveBeenCalledTimes(2)
    expect(await shareOrCopy(data, {})).toBe('failed')
  })
})
