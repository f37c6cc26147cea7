import { afterAll, describe, expect, it } from 'vitest'
import { viewOf } from './dataset-snapshot'
import { DatasetState } from '../store/dataset-state'
import { callerOf, DEFAULT_QUERY_LIMITS } from './query-limits'
import { QueryPool } from './query-pool'
import type { QueryTask } from './query-worker'

/**
 * Issue 36: one viewer token with 20 slow queries made anonymous fans' cheap queries wait for seconds, because
 * viewers and fans shared one lane's workers. A fan address that has used workers lately (a venue's shared
 * address, a front end querying anonymously) is not "light", so the reserved workers do not take it, and it
 * waited for a worker the token held to the time limit. Viewers now have a lane of their own (ADR 080).
 * Judged by order, not by time: the fan's cheap query is answered before any of the token's slow ones.
 */
const pool = new QueryPool({ threads: 2 })
afterAll(() => pool.close())

const fan = callerOf('203.0.113.7', { kind: 'anonymous' })
const viewer = callerOf('203.0.113.8', { kind: 'token', tokenId: 't1', label: 'front end', role: 'viewer' })

const state = new DatasetState('production')
for (let i = 0; i < 60; i++) state.docs.set(`d${i}`, { _id: `d${i}`, _type: 'song', n: i })

const task = (query: string): QueryTask => ({
  kind: 'query',
  view: viewOf(state),
  perspective: { kind: 'raw' },
  restricted: false,
  query,
  params: {},
  identity: 'test',
  timestamp: new Date().toISOString(),
  projectId: 'local',
  maxDepth: DEFAULT_QUERY_LIMITS.maxDepth,
  maxResultBytes: 1024 * 1024,
})

/** Nested scans of 60 documents: far past any time limit here. */
const SLOW = 'count(*[count(*[count(*[count(*[count(*) > 0]) > 0]) > 0]) > 0])'
const CHEAP = 'count(*[_type == "song" && n > 10])'
/** The flood's limit: the fan would wait this long behind it. */
const SLOW_LIMIT_MS = 4000

describe('viewer lane', () => {
  it("answers a busy fan's cheap query before any of a viewer token's slow queries", async () => {
    await pool.ready()
    // Both have used workers lately (each: one query at a 700 ms limit, one refused at it), as a token that
    // keeps flooding and a busy fan address have; neither is light any more.
    const warmUp = [fan, fan, viewer, viewer].map((caller) => pool.run(caller, task(SLOW), 700))
    await Promise.allSettled(warmUp)

    const settled: string[] = []
    const note = (name: string, answer: Promise<unknown>) =>
      answer.then(
        () => settled.push(`${name} ok`),
        (error: { type?: string }) => settled.push(`${name} ${error.type}`),
      )
    const flood = Array.from({ length: 6 }, () => note('viewer', pool.run(viewer, task(SLOW), SLOW_LIMIT_MS)))
    // The flood's first query has a worker before the fan asks.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const cheap = note('fan', pool.run(fan, task(CHEAP), SLOW_LIMIT_MS))
    await Promise.all([...flood, cheap])

    expect(settled[0]).toBe('fan ok')
    expect(settled.slice(1)).toEqual(Array(6).fill('viewer queryTimeout'))
  }, 20_000)
})
