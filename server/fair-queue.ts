/**
 * Shares a few slots (query worker threads, image renders) between clients so that a few clients slow only
 * themselves (ADR 080). Instead of first come, first served:
 *
 * - the next task to start is the waiting one whose client has used the least slot time lately (its usage:
 *   milliseconds of running, halved every `halfLifeMs`; a task stopped at its time limit costs the whole limit,
 *   queued or running), so a newcomer goes ahead of everyone who has been keeping the slots busy;
 * - one client runs at most `perClientRunning` tasks at a time;
 * - `reserved` of the slots go only to light clients (usage under `lightMs`) or favoured ones, so a cheap request
 *   finds a slot at once even while heavy clients keep every other slot busy to their time limits (the task is
 *   told which kind of slot it got: the query pool keeps separate workers for the reserved slots, so a worker
 *   restarting after a stopped query never holds up a light client);
 * - past `maxWaiting` waiting tasks, the heaviest client's newest waiting task is refused to make room, or the
 *   new task when its client is the heaviest: a flood costs the flooder its place, not everyone theirs.
 */

/** What a refused task adds to its client's usage. */
const REFUSAL_COST_MS = 100

/** The task was refused (429): its client, or the line, is full. */
export class FairQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`Busy (${waiting} waiting); try again in a moment`)
    this.name = 'FairQueueFullError'
  }
}

/** The task's time limit passed while it waited for a slot. */
export class FairQueueTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Waited ${timeoutMs} ms for a slot`)
    this.name = 'FairQueueTimeoutError'
  }
}

export type FairQueueOptions = {
  /** Tasks running at once. */
  slots: number
  /** Free slots kept for light or favoured clients. */
  reserved: number
  /** Tasks one client may have running at once. */
  perClientRunning: number
  /** Tasks waiting for a slot, all clients together. */
  maxWaiting: number
  /** A client is light while its usage is under this many milliseconds. */
  lightMs?: number
  /** Usage halves every this many milliseconds. */
  halfLifeMs?: number
  now?: () => number
}

export type FairTaskOptions = {
  /** From arrival: past it the task is refused while waiting, or its signal aborts while running. */
  timeoutMs?: number
  /** May always take a reserved slot (editors in their own lane, say). */
  favoured?: boolean
  /**
   * Never refused for a full line: work owed to what was already admitted (a commit's check against each open
   * listener's filter, bounded by the listener caps). Refusing it would end a healthy stream.
   */
  owed?: boolean
}

type Waiting = {
  client: string
  favoured: boolean
  owed: boolean
  arrived: number
  /** When its time limit passes (Infinity without one). */
  deadline: number
  /** Takes it out of line past its time limit: false when it is no longer waiting. */
  expire: () => boolean
  start: (slot: Slot) => void
  refuse: (error: Error) => void
}

type Usage = { ms: number; at: number }

/** A general slot, or one of the slots kept for light clients. */
export type Slot = 'general' | 'reserved'

export class FairQueue {
  private readonly waitingBy = new Map<string, Waiting[]>()
  private readonly runningBy = new Map<string, number>()
  private readonly usage = new Map<string, Usage>()
  private runningCount = 0
  private runningReserved = 0
  private waitingCount = 0
  /** Of those, owed tasks: they never count against `maxWaiting`. */
  private owedWaiting = 0
  private readonly lightMs: number
  private readonly halfLifeMs: number
  private readonly now: () => number

  constructor(private readonly options: FairQueueOptions) {
    // Heavy clients always keep at least one slot: a reservation of every slot would starve them for good.
    this.options = { ...options, reserved: Math.min(options.reserved, options.slots - 1) }
    this.lightMs = options.lightMs ?? 1000
    this.halfLifeMs = options.halfLifeMs ?? 60_000
    this.now = options.now ?? (() => performance.now())
  }

  get running(): number {
    return this.runningCount
  }

  get waiting(): number {
    return this.waitingCount
  }

  /** Milliseconds of slot time `client` has used lately (decayed). */
  usageOf(client: string): number {
    const entry = this.usage.get(client)
    if (!entry) return 0
    return entry.ms * 0.5 ** ((this.now() - entry.at) / this.halfLifeMs)
  }

  /**
   * Runs `task` once a slot is free for `client`; its signal aborts at the time limit. Rejects with
   * FairQueueFullError when refused and FairQueueTimeoutError when the limit passes while waiting.
   */
  run<T>(
    client: string,
    task: (signal: AbortSignal, slot: Slot) => Promise<T>,
    options: FairTaskOptions = {},
  ): Promise<T> {
    const { timeoutMs, favoured = false, owed = false } = options
    const arrived = this.now()
    return new Promise<T>((resolve, reject) => {
      const controller = new AbortController()
      let timer: NodeJS.Timeout | undefined
      let overran = false
      const entry: Waiting = {
        client,
        favoured,
        owed,
        arrived,
        deadline: arrived + (timeoutMs ?? Infinity),
        expire: () => {
          if (!this.remove(entry)) return false
          clearTimeout(timer)
          this.charge(client, timeoutMs ?? 0)
          reject(new FairQueueTimeoutError(timeoutMs ?? 0))
          return true
        },
        refuse: (error) => {
          clearTimeout(timer)
          reject(error)
        },
        start: (slot) => {
          const started = this.now()
          this.runningCount++
          if (slot === 'reserved') this.runningReserved++
          this.runningBy.set(client, (this.runningBy.get(client) ?? 0) + 1)
          const settle = () => {
            clearTimeout(timer)
            const ran = this.now() - started
            this.charge(client, overran && timeoutMs !== undefined ? Math.max(ran, timeoutMs) : ran)
            this.runningCount--
            if (slot === 'reserved') this.runningReserved--
            const left = (this.runningBy.get(client) ?? 1) - 1
            if (left > 0) this.runningBy.set(client, left)
            else this.runningBy.delete(client)
            this.dispatch()
          }
          task(controller.signal, slot).then(
            (value) => {
              settle()
              resolve(value)
            },
            (error: unknown) => {
              settle()
              reject(error as Error)
            },
          )
        },
      }
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          if (entry.expire()) return
          overran = true
          controller.abort(new DOMException('The time limit passed', 'AbortError'))
        }, timeoutMs)
        timer.unref()
      }
      const line = this.waitingBy.get(client) ?? []
      line.push(entry)
      this.waitingBy.set(client, line)
      this.waitingCount++
      if (owed) this.owedWaiting++
      this.dispatch()
      if (!owed && this.waitingCount - this.owedWaiting > this.options.maxWaiting) this.shed(client)
    })
  }

  /**
   * The line is one over: refuses the newest refusable (not owed) waiting task of the heaviest client (most
   * usage, then most waiting), which is `newcomer`'s own when no other client is strictly heavier.
   */
  private shed(newcomer: string): void {
    let heaviest: { victim: Waiting; weight: number[] } | undefined
    for (const [client, line] of this.waitingBy) {
      const victim = line.findLast((entry) => !entry.owed)
      if (!victim) continue
      const weight = [this.usageOf(client), line.length, client === newcomer ? 1 : 0]
      if (!heaviest || isAbove(weight, heaviest.weight)) heaviest = { victim, weight }
    }
    if (!heaviest) return
    const { victim } = heaviest
    this.remove(victim)
    // A refusal costs its client something too: a client that keeps a full line full is not light.
    this.charge(victim.client, REFUSAL_COST_MS)
    victim.refuse(new FairQueueFullError(this.waitingCount))
  }

  private remove(entry: Waiting): boolean {
    const line = this.waitingBy.get(entry.client)
    const index = line?.indexOf(entry) ?? -1
    if (!line || index < 0) return false
    line.splice(index, 1)
    if (line.length === 0) this.waitingBy.delete(entry.client)
    this.waitingCount--
    if (entry.owed) this.owedWaiting--
    return true
  }

  /** Starts waiting tasks while slots are free, lightest client first. */
  private dispatch(): void {
    const { slots, reserved } = this.options
    while (this.runningCount < slots) {
      const general = this.runningCount - this.runningReserved < slots - reserved
      let best: { client: string; usage: number; head: Waiting; welcome: boolean } | undefined
      for (const [client, line] of this.waitingBy) {
        if ((this.runningBy.get(client) ?? 0) >= this.options.perClientRunning) continue
        const usage = this.usageOf(client)
        const head = line[0]!
        const welcome = head.favoured || usage < this.lightMs
        if (!general && !welcome) continue
        if (!best || usage < best.usage || (usage === best.usage && head.arrived < best.head.arrived)) {
          best = { client, usage, head, welcome }
        }
      }
      if (!best) return
      // Its timer may be late on a busy event loop: a task already out of time never takes a worker.
      if (this.now() >= best.head.deadline) {
        best.head.expire()
        continue
      }
      this.remove(best.head)
      // A light client takes a reserved slot first: a general one may be waiting on a restarting worker.
      const reservedFree = this.runningReserved < reserved
      best.head.start(best.welcome && reservedFree ? 'reserved' : 'general')
    }
  }

  private charge(client: string, ms: number): void {
    const now = this.now()
    this.usage.set(client, { ms: this.usageOf(client) + ms, at: now })
    // Forget clients whose usage has decayed to nothing, so the map stays as small as the recent traffic.
    if (this.usage.size > 1000) {
      for (const [other] of this.usage) {
        if (this.usageOf(other) < 1 && !this.runningBy.has(other)) this.usage.delete(other)
      }
    }
  }
}

/** Lexicographic comparison of two equally long lists of numbers. */
function isAbove(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!
  return false
}
