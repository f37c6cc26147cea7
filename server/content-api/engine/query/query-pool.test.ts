import { afterAll, describe, expect, it } from 'vitest'
import { viewCosts, viewOf } from './dataset-snapshot'
import { DatasetState } from '../store/dataset-state'
import { DEFAULT_QUERY_LIMITS } from './query-limits'
import { QueryPool } from './query-pool'
import type { QueryTask } from './query-worker'
import type { SanityDocument } from '../types'

/**
 * The pool itself: a query that needs too much memory ends its worker, stopped by the heap watchdog before V8's
 * limit (which can abort the whole process), and the lane keeps answering with a fresh one (ADR 080).
 */
const pool = new QueryPool({ threads: 1, memoryMb: 64 })
afterAll(() => pool.close())

const caller = { lane: 'public', client: '203.0.113.1', anonymous: true } as const
const state = new DatasetState('production')
for (let i = 0; i < 200; i++) state.docs.set(`d${i}`, { _id: `d${i}`, _type: 'x', text: 'x'.repeat(200) })

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
  maxResultBytes: 1024 * 1024 * 1024,
})

describe('query pool', () => {
  it('stops a query that needs more memory than its worker may use, then answers the next one', async () => {
    await pool.ready()
    const hungry = pool.run(caller, task('*{"a": *{"b": *{"c": *}}}'), 60_000)
    await expect(hungry).rejects.toMatchObject({ status: 400, type: 'queryTooExpensive' })
    expect(await pool.workersStoppedForMemory()).toBe(1)
    const next = await pool.run(caller, task('count(*)'), 10_000)
    expect(next.json).toBe('200')
  }, 60_000)

  it('stops such a query on the synchronous evaluator too (every `*` narrowed by type, ADR 202)', async () => {
    await pool.ready()
    const stoppedBefore = await pool.workersStoppedForMemory()
    const hungry = pool.run(
      caller,
      task('*[_type == "x"]{"a": *[_type == "x"]{"b": *[_type == "x"]{"c": *[_type == "x"]}}}'),
      60_000,
    )
    await expect(hungry).rejects.toMatchObject({ status: 400, type: 'queryTooExpensive' })
    expect(await pool.workersStoppedForMemory()).toBe(stoppedBefore + 1)
    const next = await pool.run(caller, task('count(*[_type == "x"])'), 10_000)
    expect(next.json).toBe('200')
  }, 60_000)

  it('refuses a result that repeats the dataset past the result limit before writing its JSON', async () => {
    // Small on the heap (each "all" is the same array), about 2 GB as JSON: more than a string may hold.
    const repeated = { ...task('*{"a": *{"all": *}}'), maxResultBytes: DEFAULT_QUERY_LIMITS.maxResultBytes }
    await expect(pool.run(caller, repeated, 20_000)).rejects.toMatchObject({
      status: 400,
      type: 'queryResultTooLarge',
      message: expect.stringMatching(/^The query result is more than 8\.0 MB/),
    })
  }, 60_000)
})

describe('query pool after commits', () => {
  it('answers every version from the changes the workers are sent, building one snapshot in all', async () => {
    const edited = new DatasetState('production')
    edited.apply(new Map([...state.docs].map(([id, doc]) => [id, doc])))
    const run = async (query: string, params: Record<string, unknown> = {}) =>
      JSON.parse((await pool.run(caller, { ...task(query), view: viewOf(edited), params }, 20_000)).json!)
    expect(await run('count(*)')).toBe(200)
    for (let i = 0; i < 10; i++) {
      edited.apply(
        new Map<string, SanityDocument | null>([
          [`d${i}`, i % 2 ? null : { _id: `d${i}`, _type: 'x', text: `edit ${i}` }],
          [`new${i}`, { _id: `new${i}`, _type: 'y' }],
        ]),
      )
      expect(
        await run('{"all": count(*), "y": count(*[_type == "y"]), "text": *[_id == $id][0].text}', {
          id: `d${i}`,
        }),
      ).toEqual({
        all: 200 + i + 1 - Math.floor((i + 1) / 2),
        y: i + 1,
        text: i % 2 ? null : `edit ${i}`,
      })
    }
    expect(viewCosts(edited).snapshots).toBe(1)
  }, 60_000)
})
