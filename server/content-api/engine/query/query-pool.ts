import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { FairQueue, FairQueueFullError, FairQueueTimeoutError, type Slot } from '../../../fair-queue'
import { bundledWorker } from '../../../worker-bundle'
import { ConcurrencyCaps } from './concurrency-caps'
import { HeapWatchdog } from './heap-watchdog'
import { ContentApiError } from '../errors'
import type { Caller, QueryLimits } from './query-limits'
import { withSnapshot } from './dataset-snapshot'
import type { WorkerAnswer, WorkerTask } from './query-worker'
import { NEEDS_SNAPSHOT } from './worker-views'

export type QueryPoolOptions = {
  /** Worker threads per lane (public, viewer and trusted). */
  threads?: number
  /** Heap each worker may use; a query that needs more stops its worker and gets 400. */
  memoryMb?: number
  /** Workers per lane only light clients may take (those that have not kept workers busy lately). */
  reservedThreads?: number
  /** Workers one client may use at once in a lane; default: all but one. */
  threadsPerClient?: number
  /** Queries waiting per lane; past it the heaviest client's newest waiting query gets 429. */
  maxWaiting?: number
  /** Public and viewer lanes at the lowest CPU priority (default); tests of fairness beside other load turn it off. */
  niceWorkers?: boolean
}

/** Piscina's workers and the watchdog over their heaps. */
type Workers = { pool: Piscina<WorkerTask, WorkerAnswer>; watchdog: HeapWatchdog }
/** A lane's fair queue and its workers: `reserved` ones run only the reserved slots' tasks. */
type Lane = { queue: FairQueue; workers: Record<Slot, Workers | undefined> }

type Success = Extract<WorkerAnswer, { ok: true }>

/** Leave a core to the event loop; at least two workers, so one slow query does not hold up the next. */
export function defaultQueryThreads(): number {
  return Math.min(4, Math.max(2, availableParallelism() - 1))
}

/** The query worker as one plain JavaScript file (server/worker-bundle.ts), built once per process. */
export const workerFile = (): Promise<string> =>
  bundledWorker(new URL('./query-worker.ts', import.meta.url), 'query-worker')

/**
 * Worker threads that parse and evaluate GROQ (ADR 080), in three lanes: anonymous traffic, viewer tokens and
 * editors each have workers of their own, so a flood from one can never take the workers another uses (one
 * viewer token kept the workers anonymous fans shared with it busy to the time limit). Public- and viewer-lane
 * workers run at the lowest CPU priority (nice 19), so even while all of them are busy the event loop keeps
 * its share of the machine. Within a lane the workers are
 * shared per client by a fair queue (`server/fair-queue.ts`): the least-served client goes first, one client
 * never holds every worker, and `reservedThreads` workers are kept for clients that have not kept workers busy
 * lately. Those are a pool of their own, so a general worker restarting after a stopped query never delays them.
 * A task that runs out of time is aborted: piscina terminates its worker and starts a fresh one.
 */
export class QueryPool {
  private readonly lanes: Promise<Record<Caller['lane'], Lane>>
  readonly memoryMb: number

  constructor({
    threads = defaultQueryThreads(),
    memoryMb = 256,
    reservedThreads = 1,
    threadsPerClient = Math.max(1, threads - 1),
    maxWaiting = 64,
    niceWorkers = true,
  }: QueryPoolOptions = {}) {
    this.memoryMb = memoryMb
    const reserved = Math.min(reservedThreads, threads - 1)
    const workers = (filename: string, niceIncrement: number, count: number): Workers => {
      const pool = new Piscina<WorkerTask, WorkerAnswer>({
        filename,
        // All started at once and kept: a worker's start would otherwise come out of the first queries' time
        // limits.
        minThreads: count,
        maxThreads: count,
        // The fair queue hands piscina a task only when a worker is free; this only stops a runaway queue.
        maxQueue: 10_000,
        niceIncrement,
        resourceLimits: { maxOldGenerationSizeMb: memoryMb },
        // The bundle is plain JavaScript: a worker must not inherit the server's `--import tsx`. tsx in a worker
        // writes its transform cache asynchronously, and a worker stopped at a time limit mid-write left that
        // file open until restart: one descriptor per stopped query (issue 27).
        execArgv: [],
      })
      return { pool, watchdog: new HeapWatchdog(() => pool.threads, memoryMb) }
    }
    const lane = (filename: string, niceIncrement: number): Lane => ({
      queue: new FairQueue({ slots: threads, reserved, perClientRunning: threadsPerClient, maxWaiting }),
      workers: {
        general: workers(filename, niceIncrement, threads - reserved),
        reserved: reserved > 0 ? workers(filename, niceIncrement, reserved) : undefined,
      },
    })
    this.lanes = workerFile().then((file) => ({
      public: lane(file, niceWorkers ? 19 : 0),
      viewer: lane(file, niceWorkers ? 19 : 0),
      trusted: lane(file, 0),
    }))
  }

  /** Resolves once every lane has answered a task (their workers are up), so no time limit pays for start-up. */
  async ready(): Promise<void> {
    const lanes = await this.lanes
    const check: WorkerTask = { kind: 'check', query: '*', params: {}, maxDepth: 1 }
    await Promise.all(this.allWorkers(lanes).map((workers) => workers.pool.run(check)))
  }

  /**
   * Runs a task in the caller's lane, in its client's turn, with a deadline counted from now (waiting
   * included); worker-side errors arrive as ContentApiError.
   */
  async run(caller: Caller, task: WorkerTask, timeoutMs: number): Promise<Success> {
    const deadline = performance.now() + timeoutMs
    let answer: WorkerAnswer
    try {
      answer = await this.runOnce(caller, task, timeoutMs)
      // A worker that is new or too far behind for the changes it was sent: once more, with every document.
      if (!answer.ok && answer.type === NEEDS_SNAPSHOT && task.kind === 'query') {
        const again = { ...task, view: withSnapshot(task.view) }
        answer = await this.runOnce(caller, again, Math.max(1, deadline - performance.now()))
      }
    } catch (error) {
      throw this.failure(error, timeoutMs)
    }
    if (!answer.ok) throw new ContentApiError(answer.status, answer.type, answer.description, answer.extra)
    return answer
  }

  private async runOnce(caller: Caller, task: WorkerTask, timeoutMs: number): Promise<WorkerAnswer> {
    const { workers, queue } = (await this.lanes)[caller.lane]
    // A listener's filter check of a commit is owed to a stream already admitted: never refused for a full line.
    const work = (signal: AbortSignal, slot: Slot) => {
      const { pool, watchdog } = workers[slot]!
      return watchdog.watch(() => pool.run(task, { signal }))
    }
    return queue.run(caller.client, work, {
      timeoutMs,
      owed: task.kind === 'match',
    })
  }

  private failure(error: unknown, timeoutMs: number): ContentApiError {
    const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string }
    if (error instanceof FairQueueFullError) {
      return new ContentApiError(429, 'rateLimited', 'Too many queries are waiting; try again shortly')
    }
    if (name === 'AbortError' || error instanceof FairQueueTimeoutError) {
      return new ContentApiError(
        400,
        'queryTimeout',
        `The query ran longer than ${timeoutMs} ms (the limit) and was stopped. Narrow its filters, avoid nested subqueries over the whole dataset (*[... *[...]]) and page with slices`,
      )
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new ContentApiError(
        400,
        'queryTooExpensive',
        `The query needed more memory than a query may use (its worker has ${this.memoryMb} MB) and was stopped`,
      )
    }
    if (/queue is at limit/i.test(message ?? '')) {
      return new ContentApiError(429, 'rateLimited', 'Too many queries are waiting; try again shortly')
    }
    // A worker that died under a query (groq-js overflowing its stack in a promise, say) answers for it.
    return new ContentApiError(400, 'queryExecutionError', `The query stopped its worker: ${message ?? name}`)
  }

  async close(): Promise<void> {
    const lanes = await this.lanes
    await Promise.all(this.allWorkers(lanes).map((workers) => workers.pool.destroy()))
  }

  /** How many workers the heap watchdogs stopped. */
  async workersStoppedForMemory(): Promise<number> {
    return this.allWorkers(await this.lanes).reduce((sum, workers) => sum + workers.watchdog.stopped, 0)
  }

  private allWorkers(lanes: Record<Caller['lane'], Lane>): Workers[] {
    const all = Object.values(lanes).flatMap((lane) => Object.values(lane.workers))
    return all.filter((workers) => workers !== undefined)
  }
}

let shared: QueryPool | undefined

/** One pool per process unless a caller passes its own (the server does, sized from the environment). */
export function sharedQueryPool(): QueryPool {
  shared ??= new QueryPool()
  return shared
}

/**
 * A content API's way to the pool: its limits, and the per-client cap of queries in progress it counts
 * anonymous callers from elsewhere against. (The lane's waiting line bounds the total, refusing the heaviest client first.)
 */
export class QueryRunner {
  private readonly anonymous: ConcurrencyCaps

  constructor(
    readonly pool: QueryPool,
    readonly limits: QueryLimits,
  ) {
    this.anonymous = new ConcurrencyCaps({
      perClient: limits.maxAnonymousPerClient,
      total: Number.MAX_SAFE_INTEGER,
    })
  }

  async run(caller: Caller, task: WorkerTask): Promise<Success> {
    const release = caller.lane === 'public' && caller.anonymous ? this.admit(caller.client) : () => {}
    try {
      return await this.pool.run(caller, task, this.limits.timeoutMs)
    } finally {
      release()
    }
  }

  private admit(client: string): () => void {
    const slot = this.anonymous.acquire(client)
    if (typeof slot === 'function') return slot
    throw new ContentApiError(
      429,
      'rateLimited',
      `Too many queries at once from your address: anonymous clients may run ${this.limits.maxAnonymousPerClient} at a time`,
    )
  }
}
