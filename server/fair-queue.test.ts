import { describe, expect, it } from 'vitest'
import { FairQueue, FairQueueFullError, FairQueueTimeoutError } from './fair-queue'

/** A task that runs until `finish` is called (or its signal aborts), recording its start. */
function held(started: string[], name: string) {
  let finish = () => {}
  const task = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      started.push(name)
      finish = () => resolve(name)
      signal.addEventListener('abort', () => reject(signal.reason as Error))
    })
  return { task, finish: () => finish() }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('fair queue', () => {
  it('starts the least-used client first, not the first to arrive', async () => {
    let clock = 0
    const queue = new FairQueue({
      slots: 1,
      reserved: 0,
      perClientRunning: 1,
      maxWaiting: 10,
      now: () => clock,
    })
    const started: string[] = []
    const first = held(started, 'a1')
    const a1 = queue.run('a', first.task)
    clock += 1000
    first.finish()
    await a1
    // a has used 1 s; b none: b's task goes first though a's waited longer.
    const blocker = held(started, 'c')
    const c = queue.run('c', blocker.task)
    const a2 = held(started, 'a2')
    const b = held(started, 'b')
    const pending = [queue.run('a', a2.task), queue.run('b', b.task)]
    blocker.finish()
    await c
    await tick()
    expect(started).toEqual(['a1', 'c', 'b'])
    b.finish()
    await tick()
    a2.finish()
    await Promise.all(pending)
    expect(started).toEqual(['a1', 'c', 'b', 'a2'])
  })

  it('keeps the reserved slot for light clients while a heavy one waits', async () => {
    const queue = new FairQueue({ slots: 2, reserved: 1, perClientRunning: 2, maxWaiting: 10, lightMs: 100 })
    const started: string[] = []
    // A task stopped at its time limit makes its client heavy.
    await expect(queue.run('heavy', held(started, 'h0').task, { timeoutMs: 150 })).rejects.toThrow()
    expect(queue.usageOf('heavy')).toBeGreaterThanOrEqual(100)
    const h1 = held(started, 'h1')
    const h2 = held(started, 'h2')
    const runs = [queue.run('heavy', h1.task), queue.run('heavy', h2.task)]
    await tick()
    expect(started).toEqual(['h0', 'h1'])
    const light = held(started, 'light')
    const answered = queue.run('light', light.task)
    await tick()
    expect(started).toEqual(['h0', 'h1', 'light'])
    light.finish()
    await answered
    h1.finish()
    await tick()
    h2.finish()
    await Promise.all(runs)
  })

  it('caps what one client runs at once', async () => {
    const queue = new FairQueue({ slots: 3, reserved: 0, perClientRunning: 1, maxWaiting: 10 })
    const started: string[] = []
    const a1 = held(started, 'a1')
    const a2 = held(started, 'a2')
    const runs = [queue.run('a', a1.task), queue.run('a', a2.task)]
    await tick()
    expect(started).toEqual(['a1'])
    expect(queue.waiting).toBe(1)
    a1.finish()
    await tick()
    a2.finish()
    await Promise.all(runs)
  })

  it('refuses the flooding client, not the newcomer, when the line is full', async () => {
    const queue = new FairQueue({ slots: 1, reserved: 0, perClientRunning: 1, maxWaiting: 3 })
    const started: string[] = []
    const tasks = ['f1', 'f2', 'f3', 'f4'].map((name) => held(started, name))
    const flood = tasks.map((t) => queue.run('flood', t.task))
    const refusedFlood = flood[3]!.catch((error: unknown) => error)
    await tick()
    // f1 runs, f2-f4 wait; a visitor's task takes f4's place.
    const visitor = held(started, 'v')
    const visit = queue.run('visitor', visitor.task)
    expect(await refusedFlood).toBeInstanceOf(FairQueueFullError)
    // The flooder's next task is refused itself.
    await expect(queue.run('flood', held(started, 'f5').task)).rejects.toBeInstanceOf(FairQueueFullError)
    tasks[0]!.finish()
    await tick()
    expect(started).toEqual(['f1', 'v'])
    visitor.finish()
    await visit
    for (const t of tasks.slice(1, 3)) {
      await tick()
      t.finish()
    }
    await Promise.all(flood.slice(0, 3))
  })

  it('never refuses owed work (a listener checking a commit) for a full line; refusable work pays instead', async () => {
    const queue = new FairQueue({ slots: 1, reserved: 0, perClientRunning: 1, maxWaiting: 1 })
    const started: string[] = []
    const running = held(started, 'r')
    const first = queue.run('editor', running.task)
    await tick()
    // One editor's listeners all check the same commit: far past the line, none refused.
    const checks = ['c1', 'c2', 'c3'].map((name) => held(started, name))
    const owed = checks.map((t) => queue.run('editor', t.task, { owed: true }))
    // Owed work takes no place in the line: the editor's next query still waits its turn...
    const query = held(started, 'q')
    const queried = queue.run('editor', query.task)
    // ...and only a second one, past the line, is refused.
    await expect(queue.run('editor', held(started, 'q2').task)).rejects.toBeInstanceOf(FairQueueFullError)
    running.finish()
    await first
    for (const t of checks) {
      await tick()
      t.finish()
    }
    await tick()
    query.finish()
    expect(await Promise.all(owed)).toEqual(['c1', 'c2', 'c3'])
    expect(await queried).toBe('q')
  })

  it('frees the slot when a task fails', async () => {
    const queue = new FairQueue({ slots: 1, reserved: 0, perClientRunning: 1, maxWaiting: 0 })
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(queue.run('a', async () => 1)).resolves.toBe(1)
  })

  it('refuses a task whose time limit passes while it waits', async () => {
    const queue = new FairQueue({ slots: 1, reserved: 0, perClientRunning: 1, maxWaiting: 3 })
    const started: string[] = []
    const blocker = held(started, 'b')
    const running = queue.run('b', blocker.task)
    await expect(queue.run('a', held(started, 'a').task, { timeoutMs: 20 })).rejects.toBeInstanceOf(
      FairQueueTimeoutError,
    )
    expect(queue.waiting).toBe(0)
    blocker.finish()
    await running
    expect(started).toEqual(['b'])
  })
})
