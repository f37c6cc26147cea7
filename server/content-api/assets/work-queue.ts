/** Thrown when the queue already holds as many waiting tasks as it may: the caller answers 429. */
export class QueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`Image transforms are busy (${waiting} waiting); try again in a moment`)
    this.name = 'QueueFullError'
  }
}

export type WorkQueue = {
  /** Runs `task` when a slot is free; rejects at once with QueueFullError when the waiting line is full. */
  run<T>(task: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

/**
 * At most `concurrency` tasks at a time and at most `maxWaiting` in line. Expensive work (sharp renders)
 * cannot pile up: past the line, new work is refused instead of queued without end.
 */
export function createWorkQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number
  maxWaiting: number
}): WorkQueue {
  let running = 0
  const line: (() => void)[] = []

  const release = () => {
    running -= 1
    const next = line.shift()
    if (next) next()
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency && line.length >= maxWaiting)
        return Promise.reject(new QueueFullError(line.length))
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1
          task().then(resolve, reject).finally(release)
        }
        if (running < concurrency) start()
        else line.push(start)
      })
    },
    get running() {
      return running
    },
    get waiting() {
      return line.length
    },
  }
}
