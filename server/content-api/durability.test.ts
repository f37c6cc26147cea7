import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ContentStore } from './engine'
import { TEST_TOKENS } from './testing/test-server'

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/start-content-server.ts')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'content-kill-'))

function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /listening (\d+)/.exec(out)?.[1]
      if (port) resolve({ child, url: `http://127.0.0.1:${port}/content/v2025-02-19/data/mutate/production` })
    })
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)))
  })
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('durability', () => {
  it('keeps every acknowledged transaction after kill -9 mid-stream', { timeout: 60_000 }, async () => {
    const { child, url } = await start()
    const acknowledged: { id: string; transactionId: string }[] = []
    let next = 0
    let killed = false
    const worker = async () => {
      while (!killed) {
        const id = `doc-${next++}`
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.editor}` },
            body: JSON.stringify({
              mutations: [
                { create: { _id: id, _type: 'load', n: next, payload: 'x'.repeat(200) } },
                { patch: { id, inc: { n: 1 } } },
              ],
            }),
          })
          if (res.status === 200)
            acknowledged.push({ id, ...((await res.json()) as { transactionId: string }) })
        } catch {
          // The connection died with the server: this one was never acknowledged.
        }
      }
    }
    const workers = Array.from({ length: 4 }, worker)
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGKILL')
    killed = true
    await Promise.all(workers)
    await new Promise((resolve) =>
      child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(null),
    )

    // Restart on the same data dir: the server process opens the store again...
    const restarted = await start()
    const check = await fetch(restarted.url.replace('/mutate/', '/query/') + '?query=count(*[_type=="load"])')
    const { result: count } = (await check.json()) as { result: number }
    restarted.child.kill('SIGKILL')
    expect(count).toBeGreaterThanOrEqual(acknowledged.length)

    // ... and every acknowledged transaction is there, with its document at that revision.
    const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    try {
      for (const { id, transactionId } of acknowledged) {
        expect(store.dataset('production').get(id)?._rev, id).toBe(transactionId)
        expect(store.transactionInfo('production', transactionId), transactionId).not.toBeNull()
      }
    } finally {
      store.close()
    }
  })
})
