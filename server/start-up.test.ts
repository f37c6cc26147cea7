import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSiteDataServer } from './backup/testing/spawn-site-data-server'

const SERVER = path.join(import.meta.dirname, 'index.ts')
const CLI = path.join(import.meta.dirname, 'content-api/cli/main.ts')

const dirs: string[] = []
function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'start-up-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

type Exit = { code: number | null; out: string; err: string }

/** Runs `script` (server/index.ts or the CLI) as `npm start` would, until it exits (killed after 60 s). */
function run(script: string, args: string[], env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', YOUTUBE_THUMBNAIL_ORIGIN: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out, err })
    }),
  )
}

/** A port something else listens on, as another program would hold it. */
async function busyPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const holder = net.createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  return {
    port: (holder.address() as AddressInfo).port,
    close: () => new Promise((resolve) => holder.close(() => resolve())),
  }
}

const lines = (text: string) => text.split('\n').filter(Boolean)

// Each case spawns Node with tsx (seconds on a loaded machine): generous timeouts, no timing assertions. "At
// once" is checked by what the process did not do: it never opened the content store.
describe('start-up refuses what another process holds', { timeout: 120_000 }, () => {
  it('exits 1 with one line naming PORT when the port is busy, before opening anything', async () => {
    const dataDir = newDataDir()
    const busy = await busyPort()
    try {
      const exit = await run(SERVER, [], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(busy.port),
        HTTPS_PORT: '0',
      })
      expect(exit.code).toBe(1)
      expect(lines(exit.err)).toEqual([
        `Cannot start: PORT ${busy.port} (on 127.0.0.1) is already in use, perhaps by another copy of this server: stop it or set PORT to a free port`,
      ])
      expect(exit.out).not.toMatch(/listening/)
      expect(existsSync(path.join(dataDir, 'content.sqlite'))).toBe(false)
    } finally {
      await busy.close()
    }
  })

  it('exits 1 naming HTTPS_PORT when only that port is busy, never serving half', async () => {
    const dataDir = newDataDir()
    const busy = await busyPort()
    try {
      const exit = await run(SERVER, [], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        HTTPS_PORT: String(busy.port),
      })
      expect(exit.code).toBe(1)
      expect(lines(exit.err)).toEqual([expect.stringMatching(`^Cannot start: HTTPS_PORT ${busy.port} `)])
      expect(exit.out).not.toMatch(/listening/)
      expect(existsSync(path.join(dataDir, 'content.sqlite'))).toBe(false)
    } finally {
      await busy.close()
    }
  })

  it('refuses a second server and a CLI import on a data dir a server holds, until it stops', async () => {
    const dataDir = newDataDir()
    const first = await spawnSiteDataServer({ DATA_DIR: dataDir })
    try {
      const second = await run(SERVER, [], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        HTTPS_PORT: '0',
      })
      expect(second.code).toBe(1)
      expect(lines(second.err)).toEqual([
        `Cannot start: DATA_DIR ${dataDir} is in use by a server (pid ${first.child.pid}): stop it, or give this server another DATA_DIR`,
      ])

      const file = path.join(dataDir, 'import.ndjson')
      writeFileSync(file, '{"_id":"imported","_type":"note"}\n')
      const refused = await run(CLI, ['import', file], { DATA_DIR: dataDir })
      expect(refused.code).toBe(1)
      expect(refused.err).toContain(
        `DATA_DIR ${dataDir} is in use by a server (pid ${first.child.pid}); stop it`,
      )

      // The first server was never disturbed.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200)
    } finally {
      await first.stop()
    }
    const file = path.join(dataDir, 'import.ndjson')
    const imported = await run(CLI, ['import', file], { DATA_DIR: dataDir })
    expect(imported.err).toBe('')
    expect(imported.code).toBe(0)
  })

  it('creates its data files 0600 under a permissive umask', async () => {
    const dataDir = newDataDir()
    const before = process.umask(0)
    let server: Awaited<ReturnType<typeof spawnSiteDataServer>>
    try {
      server = await spawnSiteDataServer({ DATA_DIR: dataDir })
    } finally {
      process.umask(before)
    }
    try {
      const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      const modes = Object.fromEntries(
        entries.map((entry) => {
          const file = path.join(entry.parentPath, entry.name)
          return [path.relative(dataDir, file), (statSync(file).mode & 0o777).toString(8)]
        }),
      )
      // The databases, their WAL files, the newsletter secret and the lock: each only for the owner.
      for (const name of ['content.sqlite', 'accounts.sqlite', 'subscribers.sqlite', 'newsletter-secret'])
        expect(modes, name).toHaveProperty([name])
      expect(modes).toHaveProperty(['data-dir.lock'])
      for (const [name, mode] of Object.entries(modes)) expect(mode, name).toMatch(/^[67]00$/)
      for (const entry of entries.filter((e) => e.isFile()))
        expect(modes[path.relative(dataDir, path.join(entry.parentPath, entry.name))]).toBe('600')
    } finally {
      await server.stop()
    }
  })
})
