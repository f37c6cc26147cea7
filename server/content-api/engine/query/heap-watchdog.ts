import type { Worker } from 'node:worker_threads'

/** How often a busy pool's heaps are read. */
const CHECK_EVERY_MS = 100
/** The share of a worker's heap limit past which the watchdog stops it. */
const STOP_AT_SHARE = 0.6

/**
 * Stops a query worker whose heap passes a share of its limit, well before V8's own limit. Node documents
 * `resourceLimits` as best effort: a worker that reaches its limit inside one long allocation can abort the
 * whole process instead of ending alone, and a query is exactly the code that makes such allocations. Stopping it
 * early from outside leaves V8's limit as a second line with room to spare. The heaps are read only while the
 * pool has work, so the usual query, done before the first check, costs nothing.
 */
export class HeapWatchdog {
  private running = 0
  private timer: NodeJS.Timeout | undefined
  /** A reading still under way: a busy worker may answer late, and readings must not pile up behind it. */
  private checking = false
  /** Workers stopped whose task has not yet claimed the stop as its failure. */
  private unclaimed = 0
  /** Every worker this watchdog stopped, for tests and logs. */
  stopped = 0

  constructor(
    private readonly threads: () => readonly Worker[],
    private readonly limitMb: number,
  ) {}

  /** Runs `work` with the pool's heaps watched; a stop the watchdog caused reads as out of memory. */
  async watch<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1
    this.timer ??= setInterval(() => void this.check(), CHECK_EVERY_MS).unref()
    try {
      return await work()
    } catch (error) {
      throw this.claim(error)
    } finally {
      this.running -= 1
      if (this.running === 0) {
        clearInterval(this.timer)
        this.timer = undefined
      }
    }
  }

  private claim(error: unknown): unknown {
    const exited = /worker exited/i.test((error as { message?: string } | null)?.message ?? '')
    if (!exited || this.unclaimed === 0) return error
    this.unclaimed -= 1
    return Object.assign(new Error('The query worker was stopped for its memory'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    })
  }

  private async check(): Promise<void> {
    if (this.checking) return
    this.checking = true
    try {
      await this.readAndStop()
    } finally {
      this.checking = false
    }
  }

  private async readAndStop(): Promise<void> {
    const stopAt = this.limitMb * 1024 * 1024 * STOP_AT_SHARE
    await Promise.all(
      this.threads().map(async (thread) => {
        const used = await thread.getHeapStatistics().then(
          (stats) => stats.used_heap_size,
          () => 0,
        )
        if (used <= stopAt || stopping.has(thread)) return
        stopping.add(thread)
        this.stopped += 1
        this.unclaimed += 1
        void thread.terminate()
      }),
    )
  }
}

/** Threads already being stopped: a check that overlaps the last must not stop (or count) one twice. */
const stopping = new WeakSet<Worker>()
