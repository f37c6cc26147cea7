import { Writable } from 'node:stream'
import express from 'express'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger'
import { batchedRequestLog } from './batched-request-log'
import { requestLogger } from './request-logger'

function capture(level = 'info') {
  const writes: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk))
      done()
    },
  })
  const logger = createLogger({ LOG_LEVEL: level as 'info', NODE_ENV: 'test' }, stream)
  const lines = () =>
    writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { writes, lines, logger }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('batchedRequestLog', () => {
  it('writes the line pino writes for the same fields, with the same levels and time format', async () => {
    const { logger, lines } = capture()
    const fields = {
      req: { id: 'r1', method: 'GET', url: '/news?page=2' },
      res: { statusCode: 200 },
      responseTime: 0,
    }
    logger.info(fields, 'request completed')
    const log = batchedRequestLog(logger)
    log.write({ id: 'r1', method: 'GET', url: '/news?page=2', statusCode: 200, responseTime: 0 })
    await nextTurn()
    const [viaPino, batched] = lines()
    const { time, ...rest } = batched!
    expect(Object.keys(batched!)).toEqual(Object.keys(viaPino!))
    const { time: pinoTime, ...pinoRest } = viaPino!
    expect(rest).toEqual(pinoRest)
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(typeof pinoTime).toBe('string')
  })

  it('is the request logger: one line per request with its id, at warn from 400 and error from 500', async () => {
    const { logger, lines } = capture()
    const app = express()
    app.use(requestLogger(logger))
    app.get('/missing', (_req, res) => res.status(404).send('no'))
    app.get('/broken', (_req, res) => res.status(500).send('no'))
    const res = await request(app).get('/missing').set('x-request-id', 'from-client')
    await request(app).get('/broken')
    await nextTurn()
    expect(res.headers['x-request-id']).toBe('from-client')
    expect(lines().map((line) => [line.level, (line.req as { id: string }).id])).toEqual([
      [logger.levels.values.warn, 'from-client'],
      [logger.levels.values.error, expect.any(String)],
    ])
  })

  it("gives req.log the request's id, method and redacted URL, made only when something logs through it", async () => {
    const { logger, lines } = capture()
    const children = vi.spyOn(logger, 'child')
    const app = express()
    app.use(requestLogger(logger))
    app.get('/fine', (_req, res) => res.send('ok'))
    app.get('/broken', (req, res) => {
      expect(req.log).toBe(req.log)
      req.log.error('it broke')
      res.status(500).send('no')
    })
    await request(app).get('/fine')
    expect(children).not.toHaveBeenCalled()
    await request(app).get('/broken?email=ana@example.com').set('x-request-id', 'r-broken')
    await nextTurn()
    expect(children).toHaveBeenCalledTimes(1)
    const broke = lines().find((line) => line.msg === 'it broke')
    expect(broke?.req).toEqual({ id: 'r-broken', method: 'GET', url: '/broken?email=[redacted]' })
  })

  it('writes every line of one turn of the event loop in one write, each request on its own line', async () => {
    const { logger, writes, lines } = capture()
    const log = batchedRequestLog(logger)
    for (let i = 0; i < 3; i++) {
      log.write({ id: `r${i}`, method: 'HEAD', url: `/p${i}`, statusCode: 200, responseTime: i })
    }
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toHaveLength(1)
    expect(lines().map((line) => (line.req as { id: string }).id)).toEqual(['r0', 'r1', 'r2'])
    log.write({ id: 'r3', method: 'GET', url: '/', statusCode: 304, responseTime: 0 })
    log.flush()
    expect(writes).toHaveLength(2)
  })

  it('logs 4xx at warn, keeps to the level, and escapes and redacts what the client sent', async () => {
    const { logger, lines } = capture('warn')
    const log = batchedRequestLog(logger)
    log.write({ id: 'a', method: 'GET', url: '/', statusCode: 200, responseTime: 0 })
    log.write({
      id: 'b',
      method: 'GET',
      url: '/x"}\n{"forged":1?email=ana@example.com',
      statusCode: 404,
      responseTime: 1,
    })
    await nextTurn()
    expect(lines()).toHaveLength(1)
    const [line] = lines()
    expect(line!.level).toBe(logger.levels.values.warn)
    expect((line!.req as { url: string }).url).toBe('/x"}\n{"forged":1?email=[redacted]')
  })
})

/**
 * Issue 36: one info line per request filled the disk's log under a flood. Each level may write a budget of
 * lines per second; the rest are counted on one summary line, and 5xx lines are never left out.
 */
describe('request lines under a flood', () => {
  /** A second on the clock, at its start. */
  const SECOND = 1_800_000_000_000
  const answered = (i: number, statusCode: number) => ({
    id: `r${i}`,
    method: 'GET',
    url: `/p${i}`,
    statusCode,
    responseTime: 0,
  })
  const requestLines = (lines: Record<string, unknown>[]) =>
    lines.filter((l) => l.msg === 'request completed')
  const summaries = (lines: Record<string, unknown>[]) =>
    lines.filter((l) => l.msg === 'request lines left out')

  it('writes at most the budget of a flood of 1,000 in one second, then one line with how many were left out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { logger, lines } = capture()
      let now = SECOND + 100
      const log = batchedRequestLog(logger, {}, { linesPerSecond: 50, now: () => now })
      for (let i = 0; i < 1000; i++) log.write(answered(i, 200))
      await nextTurn()
      expect(lines()).toHaveLength(50)
      now = SECOND + 1000
      vi.advanceTimersByTime(900)
      await nextTurn()
      expect(lines()).toHaveLength(51)
      expect(summaries(lines())).toEqual([
        expect.objectContaining({
          level: logger.levels.values.warn,
          suppressed: 950,
          statusCodes: { '200': 950 },
          second: new Date(SECOND).toISOString(),
        }),
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('never leaves out a 5xx, and gives 4xx a budget of their own', async () => {
    const { logger, lines } = capture()
    let now = SECOND
    const log = batchedRequestLog(logger, {}, { linesPerSecond: 10, now: () => now })
    for (let i = 0; i < 100; i++) {
      log.write(answered(i, 200))
      log.write(answered(i, 404))
      log.write(answered(i, 500))
    }
    // The next second's first line: the summary of the last one comes first even if its timer is late.
    now = SECOND + 1000
    log.write(answered(100, 200))
    await nextTurn()
    const statuses = requestLines(lines()).map((l) => (l.res as { statusCode: number }).statusCode)
    expect(statuses.filter((s) => s === 500)).toHaveLength(100)
    expect(statuses.filter((s) => s === 404)).toHaveLength(10)
    expect(statuses.filter((s) => s === 200)).toHaveLength(11)
    expect(summaries(lines())).toEqual([
      expect.objectContaining({ suppressed: 180, statusCodes: { '200': 90, '404': 90 } }),
    ])
    expect(lines().at(-1)).toMatchObject({ req: { id: 'r100' } })
  })

  it("is the request logger's budget", async () => {
    const { logger, lines } = capture()
    const app = express()
    app.use(requestLogger(logger, { linesPerSecond: 3, now: () => SECOND }))
    app.get('/', (_req, res) => res.send('ok'))
    for (let i = 0; i < 10; i++) await request(app).get('/')
    await nextTurn()
    expect(requestLines(lines())).toHaveLength(3)
  })
})
