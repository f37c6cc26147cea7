import { destinationOf, type Logger } from '../logger'
import { redactUrl } from './redact'
import { requestLogBudget, type Suppressed } from './request-log-budget'

export type LoggedRequest = {
  id: string
  method: string
  url: string
  statusCode: number
  /** Whole milliseconds. */
  responseTime: number
}

export type BatchedRequestLog = {
  /** Queues the request's line; every line queued in one turn of the event loop is written at its end. */
  write: (request: LoggedRequest) => void
  /** Writes the queued lines now. */
  flush: () => void
}

export type RequestLogOptions = {
  /** Lines per second at `info`, and again at `warn` (4xx), before a flood is only counted; 0: every line. */
  linesPerSecond?: number
  now?: () => number
}

/**
 * The log line of every request (http/request-logger.ts, ADR 090): pino's line for the request and response
 * fields (`info`, `warn` from 400, `error` from 500), with the logger's own bindings and time format, each
 * request on its own line. Built as text from values that need no walk (the URL is redacted as the logger's
 * field formatter does), and written with every other line of the same turn of the event loop in one write to
 * the logger's destination. Through pino each line cost more than answering a stored page; lines still queued
 * when the process dies abruptly are lost (at most one turn's worth). Under a flood only the first
 * `linesPerSecond` lines of a level each second are written, then one line with how many were left out, by
 * status (`request-log-budget.ts`); 5xx lines are always written.
 */
export function batchedRequestLog(
  logger: Logger,
  extra: Record<string, string> = {},
  { linesPerSecond = 0, now = Date.now }: RequestLogOptions = {},
): BatchedRequestLog {
  const destination = destinationOf(logger)
  const bindings = JSON.stringify(logger.bindings()).slice(1, -1)
  const fields = JSON.stringify(extra).slice(1, -1)
  const before = bindings ? `,${bindings},"req":{"id":` : ',"req":{"id":'
  const after = `${fields ? `,${fields}` : ''},"msg":"request completed"}\n`
  const levels = logger.levels.values

  let queued = ''
  let scheduled = false
  let stampedAt = Number.NaN
  let stamp = ''
  const flush = () => {
    scheduled = false
    if (!queued) return
    const text = queued
    queued = ''
    destination.write(text)
  }
  const queue = (line: string) => {
    queued += line
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
  /** Lines of one millisecond share one timestamp string (pino.stdTimeFunctions.isoTime's format). */
  const timeOfNow = () => {
    const time = now()
    if (time !== stampedAt) {
      stampedAt = time
      stamp = new Date(time).toISOString()
    }
    return stamp
  }

  const summaryStart = `${bindings ? `,${bindings}` : ''}${fields ? `,${fields}` : ''},"suppressed":`
  const budget = requestLogBudget({
    linesPerSecond,
    now,
    summarize: ({ second, statusCodes, total }: Suppressed) => {
      if (!logger.isLevelEnabled('warn')) return
      const byStatus = JSON.stringify(Object.fromEntries(statusCodes))
      queue(
        `{"level":${levels.warn},"time":"${timeOfNow()}"${summaryStart}${total},"statusCodes":${byStatus},` +
          `"second":"${new Date(second * 1000).toISOString()}","msg":"request lines left out"}\n`,
      )
    },
  })

  return {
    write({ id, method, url, statusCode, responseTime }) {
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info'
      if (!logger.isLevelEnabled(level) || !budget.admit(level, statusCode)) return
      queue(
        `{"level":${levels[level]},"time":"${timeOfNow()}"${before}${JSON.stringify(id)},` +
          `"method":${JSON.stringify(method)},"url":${JSON.stringify(redactUrl(url))}},` +
          `"res":{"statusCode":${statusCode}},"responseTime":${responseTime}${after}`,
      )
    },
    flush,
  }
}
