/**
 * The production server as its own process, for `npm run bench -- abuse`: built site, seed content, an editor
 * and a viewer API token, the HTTP port and the HTTPS (HTTP/2) port on loopback. A process that exits is
 * counted and started again, so one attack that ends the server does not hide what the next one does.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { accountsFile, openAccounts } from '../content-api/accounts/accounts'
import { heldMemory, type HeldMemory } from './inspector-memory'

const ownRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The largest file of the built client (`/assets/...`): an asset a stalled stream holds the longest. */
function largestAsset(root: string): string {
  const dir = path.join(root, 'dist/client/assets')
  const files = readdirSync(dir).map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
  files.sort((a, b) => b.size - a.size)
  return `/assets/${files[0]!.name}`
}

/** CPU time of a process so far, user and system, in ms (Linux; clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return NaN
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Resident memory of a process, in MB (Linux). */
function rssMbOf(pid: number | undefined): number {
  if (pid === undefined) return NaN
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024
}

export type AbuseTarget = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  httpsPort: number
  /** `/content/v2025-02-19/data` */
  dataUrl: string
  tokens: { editor: string; viewer: string }
  /** The time limit the server runs queries with. */
  queryTimeoutMs: number
  /** Path of the largest built asset. */
  largestAsset: string
}

export type AbuseServer = {
  target: AbuseTarget
  /** Exits the server made on its own so far. */
  exits: () => number
  /** The server process's resident memory now, in MB. */
  rssMb: () => number
  /** What the server holds after a full garbage collection (heap and external), read through its inspector. */
  heldMemory: () => Promise<HeldMemory>
  /** The server process's CPU time so far (user and system), in ms (Linux). */
  cpuMs: () => number
  close: () => Promise<void>
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`)
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not answer /healthz within 60 s')
}

export async function startAbuseServer({
  port,
  queryTimeoutMs = 2000,
  root = ownRoot,
  inspectPort = port + 4,
}: {
  port: number
  queryTimeoutMs?: number
  /** The checkout whose server runs (another worktree, to compare its code with this one in one run). */
  root?: string
  /** Loopback port of the server's inspector, through which its memory after a garbage collection is read. */
  inspectPort?: number
}): Promise<AbuseServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'abuse-server-'))
  const accounts = openAccounts({ file: accountsFile(dataDir) })
  const tokens = {
    editor: accounts.apiTokens.create({ label: 'bench editor', role: 'editor' }).token,
    viewer: accounts.apiTokens.create({ label: 'bench viewer', role: 'viewer' }).token,
  }
  accounts.close()
  const url = `http://127.0.0.1:${port}`
  const log = createWriteStream(path.join(dataDir, 'server.log'))
  let exits = 0
  let closing = false
  let child: ChildProcess
  const start = async () => {
    const inspect = `--inspect=127.0.0.1:${inspectPort}`
    child = spawn(process.execPath, [inspect, '--import', 'tsx', path.join(root, 'server/index.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        HTTPS_PORT: String(port + 1),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'bench-password',
        QUERY_TIMEOUT_MS: String(queryTimeoutMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.pipe(log, { end: false })
    child.stderr!.pipe(log, { end: false })
    child.once('exit', (code, signal) => {
      if (closing) return
      exits++
      console.log(`  (the server exited: ${signal ?? code}; starting it again)`)
      void start()
    })
    await waitForHealth(url, child)
  }
  await start()
  return {
    target: {
      url,
      port,
      httpsPort: port + 1,
      dataUrl: `${url}/content/v2025-02-19/data`,
      tokens,
      queryTimeoutMs,
      largestAsset: largestAsset(root),
    },
    exits: () => exits,
    rssMb: () => rssMbOf(child.pid),
    heldMemory: () => heldMemory(inspectPort),
    cpuMs: () => cpuMsOf(child.pid),
    close: async () => {
      closing = true
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
      log.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A restarted server is healthy again before the next block is measured. */
export async function whenHealthy(target: AbuseTarget): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
