import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import os, { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { Piscina } from 'piscina'
import { ConcurrencyCaps } from './concurrency-caps'
import { ContentApiError } from '../errors'
import type { Caller, QueryLimits } from './query-limits'
import type { WorkerAnswer, WorkerTask } from './query-worker'

export type QueryPoolOptions = {
  /** Worker threads per lane (public and trusted). */
  threads?: number
  /** Heap each worker may use; a query that needs more stops its worker and gets 400. */
  memoryMb?: number
}

type Success = Extract<WorkerAnswer, { ok: true }>

/** Leave a core to the event loop; at least two workers, so one slow query does not hold up the next. */
export function defaultQueryThreads(): number {
  return Math.min(4, Math.max(2, availableParallelism() - 1))
}

let bundled: Promise<string> | undefined

/**
 * The worker's code as one plain JavaScript file, built once per process with esbuild (tsx's own compiler).
 * Worker threads do not inherit the TypeScript loader, and registering it in each one made a worker take
 * about 600 ms to start; a bundle starts in about 100 ms, which is what a query waits when the worker before
 * it was stopped at its time limit.
 */
function workerFile(): Promise<string> {
  bundled ??= (async () => {
    const outfile = path.join(os.tmpdir(), `band-site-query-worker-${process.pid}-${randomUUID()}.mjs`)
    await build({
      entryPoints: [fileURLToPath(new URL('./query-worker.ts', import.meta.url))],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      logLevel: 'silent',
    })
    process.once('exit', () => rmSync(outfile, { force: true }))
    return outfile
  })()
  return bundled
}

/**
 * Worker threads that parse and evaluate GROQ (ADR 080), in two lanes so anonymous traffic can never take the
 * workers signed-in editors and the server's own page renders use. Public-lane workers run at the lowest CPU
 * priority (nice 19), so even while all of them are busy the event loop keeps its share of the machine.
 * A task that runs out of time is aborted: piscina terminates its worker and starts a fresh one.
 */
export class QueryPool {
  private readonly lanes: Promise<Record<Caller['lane'], Piscina<WorkerTask, WorkerAnswer>>>
  readonly memoryMb: number

  constructor({ threads = defaultQueryThreads(), memoryMb = 256 }: QueryPoolOptions = {}) {
    this.memoryMb = memoryMb
    const lane = (filename: string, niceIncrement: number) =>
      new Piscina<WorkerTask, WorkerAnswer>({
        filename,
        // All started at once and kept: a worker takes 100 ms or more to start, which would otherwise come
        // out of the first queries' time limits.
        minThreads: threads,
        maxThreads: threads,
        // Admission (query runners' caps) bounds the public lane; this only stops a runaway queue.
        maxQueue: 10_000,
        niceIncrement,
        resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      })
    this.lanes = workerFile().then((file) => ({ public: lane(file, 19), trusted: lane(file, 0) }))
  }

  /** Resolves once both lanes have answered a task (their workers are up), so no time limit pays for start-up. */
  async ready(): Promise<void> {
    const lanes = await this.lanes
    const check: WorkerTask = { kind: 'check', query: '*', params: {}, maxDepth: 1 }
    await Promise.all([lanes.public.run(check), lanes.trusted.run(check)])
  }

  /** Runs a task with a deadline counted from now; worker-side errors arrive as ContentApiError. */
  async run(lane: Caller['lane'], task: WorkerTask, timeoutMs: number): Promise<Success> {
    let answer: WorkerAnswer
    try {
      const signal = AbortSignal.timeout(timeoutMs)
      answer = await (await this.lanes)[lane].run(task, { signal })
    } catch (error) {
      throw this.failure(error, timeoutMs)
    }
    if (!answer.ok) throw new ContentApiError(answer.status, answer.type, answer.description, answer.extra)
    return answer
  }

  private failure(error: unknown, timeoutMs: number): ContentApiError {
    const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string }
    if (name === 'AbortError') {
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
        `The query needed more than ${this.memoryMb} MB of memory and was stopped`,
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
    await Promise.all([lanes.public.destroy(), lanes.trusted.destroy()])
  }
}

let shared: QueryPool | undefined

/** One pool per process unless a caller passes its own (the server does, sized from the environment). */
export function sharedQueryPool(): QueryPool {
  shared ??= new QueryPool()
  return shared
}

/** A content API's way to the pool: its limits, and the anonymous caps it counts against. */
export class QueryRunner {
  private readonly anonymous: ConcurrencyCaps

  constructor(
    readonly pool: QueryPool,
    readonly limits: QueryLimits,
  ) {
    this.anonymous = new ConcurrencyCaps({
      perClient: limits.maxAnonymousPerClient,
      total: limits.maxAnonymous,
    })
  }

  async run(caller: Caller, task: WorkerTask): Promise<Success> {
    const release = caller.lane === 'public' ? this.admit(caller.client) : () => {}
    try {
      return await this.pool.run(caller.lane, task, this.limits.timeoutMs)
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
      slot === 'client'
        ? `Too many queries at once from your address: anonymous clients may run ${this.limits.maxAnonymousPerClient} at a time`
        : `Too many anonymous queries at once (${this.limits.maxAnonymous}); try again shortly`,
    )
  }
}
