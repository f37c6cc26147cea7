/**
 * How many request lines the log takes per second (issue 36: one line per request of a flood grew the log
 * without bound). Each level with a budget (`info` for answers, `warn` for 4xx) may write `linesPerSecond` lines in
 * each second of the clock; past that its requests are only counted, by status code, and once the second is
 * over `summarize` gets the counts for a single line. Errors (5xx) have no budget: an operator needs every one.
 * The first lines of each second are the sample of a flood; the summary says how large it was.
 */
export type Suppressed = { second: number; statusCodes: Map<number, number>; total: number }

export type RequestLogBudget = {
  /** Whether this request's line is written; if not, it is counted for the summary. */
  admit: (level: 'info' | 'warn' | 'error', statusCode: number) => boolean
}

export function requestLogBudget({
  linesPerSecond,
  summarize,
  now = Date.now,
}: {
  /** Lines per level per second; 0 writes every line. */
  linesPerSecond: number
  summarize: (suppressed: Suppressed) => void
  now?: () => number
}): RequestLogBudget {
  let second = Number.NaN
  const written = { info: 0, warn: 0 }
  let suppressed: Suppressed | undefined
  let timer: NodeJS.Timeout | undefined

  const report = () => {
    clearTimeout(timer)
    timer = undefined
    if (!suppressed) return
    const done = suppressed
    suppressed = undefined
    summarize(done)
  }

  return {
    admit(level, statusCode) {
      if (linesPerSecond === 0 || level === 'error') return true
      const current = Math.floor(now() / 1000)
      if (current !== second) {
        // A timer late on a busy event loop: the last second's summary comes before this second's lines.
        report()
        second = current
        written.info = 0
        written.warn = 0
      }
      if (written[level] < linesPerSecond) {
        written[level]++
        return true
      }
      if (!suppressed) {
        suppressed = { second: current, statusCodes: new Map(), total: 0 }
        // Written when the second is over, even if the flood stopped with it.
        timer = setTimeout(report, (current + 1) * 1000 - now())
        timer.unref()
      }
      suppressed.total++
      suppressed.statusCodes.set(statusCode, (suppressed.statusCodes.get(statusCode) ?? 0) + 1)
      return false
    },
  }
}
