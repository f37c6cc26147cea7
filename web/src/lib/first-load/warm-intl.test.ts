import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A stand-in Worker that records itself, so a test can answer, fail or stay silent. */
class FakeWorker {
  static last: FakeWorker | null = null
  onmessage: (() => void) | null = null
  onerror: (() => void) | null = null
  terminated = false
  sent: unknown[] = []
  postMessage(message: unknown) {
    this.sent.push(message)
  }
  constructor(readonly url: URL | string) {
    FakeWorker.last = this
  }
  terminate() {
    this.terminated = true
  }
}

/** A fresh copy of the module: its promise is kept per page. */
async function freshWarmIntl() {
  vi.resetModules()
  return (await import('./warm-intl')).warmIntlOffMainThread
}

describe('warmIntlOffMainThread', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeWorker.last = null
    vi.stubGlobal('Worker', FakeWorker)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const settled = (promise: Promise<void>) => {
    let done = false
    void promise.then(() => (done = true))
    return async () => {
      await Promise.resolve()
      await Promise.resolve()
      return done
    }
  }

  it('settles when the worker has formatted, leaves its ending to the worker, and starts one worker per page', async () => {
    const warm = await freshWarmIntl()
    const isDone = settled(warm())
    expect(String(FakeWorker.last?.url)).toMatch(/intl-warm-up\.worker/)
    expect(await isDone()).toBe(false)
    const worker = FakeWorker.last!
    worker.onmessage!()
    expect(await isDone()).toBe(true)
    expect(worker.terminated).toBe(false)
    void warm()
    expect(FakeWorker.last).toBe(worker)
  })

  it("hands the worker the page's language, whose formatters it warms", async () => {
    const warm = await freshWarmIntl()
    void warm('es')
    expect(FakeWorker.last!.sent).toEqual(['es'])
  })

  it('settles when the worker fails, so hydration never waits on it', async () => {
    const warm = await freshWarmIntl()
    const isDone = settled(warm())
    FakeWorker.last!.onerror!()
    expect(await isDone()).toBe(true)
  })

  it('settles after one second when the worker says nothing', async () => {
    const warm = await freshWarmIntl()
    const isDone = settled(warm())
    vi.advanceTimersByTime(999)
    expect(await isDone()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await isDone()).toBe(true)
    // A worker whose script is still on the way is left to finish: ended now, its request would never end.
    expect(FakeWorker.last!.terminated).toBe(false)
  })

  it('settles at once where workers cannot start', async () => {
    vi.stubGlobal('Worker', function NoWorker() {
      throw new Error('blocked')
    })
    const warm = await freshWarmIntl()
    const isDone = settled(warm())
    expect(await isDone()).toBe(true)
  })
})
