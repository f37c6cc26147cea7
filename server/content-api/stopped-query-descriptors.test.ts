import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_TOKENS } from './testing/test-server'

/**
 * Issue 27, row 5: a query stopped at its time limit frees everything it held. The server runs as in
 * production (`node --import tsx`, its own process), and its open descriptors are counted in /proc.
 */
const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/start-content-server.ts')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'content-fds-'))
let child: ChildProcess | undefined

afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

function start(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir], {
    env: { ...process.env, QUERY_TIMEOUT_MS: '300' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /listening (\d+)/.exec(out)?.[1]
      if (port) resolve(`http://127.0.0.1:${port}/content/v2025-02-19/data`)
    })
    child!.on('exit', (code) => reject(new Error(`server exited early (${code})`)))
  })
}

const descriptors = () => readdirSync(`/proc/${child!.pid}/fd`).length

describe('a stopped query', () => {
  it.skipIf(process.platform !== 'linux')(
    'leaves the descriptor count flat after 50 queries stopped at the time limit',
    { timeout: 120_000 },
    async () => {
      const api = await start()
      const mutate = await fetch(`${api}/mutate/production`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.editor}` },
        body: JSON.stringify({
          mutations: Array.from({ length: 60 }, (_, i) => ({
            create: { _id: `d${i}`, _type: 'song', n: i },
          })),
        }),
      })
      expect(mutate.status).toBe(200)
      // Nested scans of 60 documents: far past 300 ms on any machine.
      const slow = (i: number) => `count(*[count(*[count(*[count(*) > ${-i}]) > 0]) > 0])`
      const query = async (q: string, client?: string) => {
        const res = await fetch(`${api}/query/production?query=${encodeURIComponent(q)}`, {
          headers: client ? { 'x-forwarded-for': client } : {},
        })
        return { status: res.status, body: (await res.json()) as { error?: { type?: string } } }
      }
      const settle = async () => {
        // Stopped workers are replaced by then; over loopback (the trusted lane) at normal priority.
        await new Promise((resolve) => setTimeout(resolve, 2000))
        expect((await query('count(*)')).status).toBe(200)
      }
      // Every worker started and stopped once before counting.
      for (let i = 0; i < 3; i++) await query(slow(i), '198.51.100.7')
      await settle()
      const before = descriptors()
      for (let i = 0; i < 50; i++) {
        const { status, body } = await query(slow(100 + i), '198.51.100.7')
        expect([status, body.error?.type]).toEqual([400, 'queryTimeout'])
      }
      await settle()
      // A socket or two of slack (keep-alive connections come and go); a leak is one per stopped query.
      expect(descriptors() - before).toBeLessThanOrEqual(3)
    },
  )
})
