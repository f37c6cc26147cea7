import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { freePort, start, stop, waitFor, type Started } from '../ssr/processes'
import { buildDataDir, type InstanceSize } from './data-dir'

export const ADMIN_TOKEN = 'scale-bench-newsletter-admin-token'

export type Instance = {
  label: string
  url: string
  pid: number
  client: SanityClient
  /** Where the server writes a diagnostic report when sent SIGUSR2 (see `heapUsedBytes`). */
  reportDir: string
  close: () => Promise<void>
}

/** The resident memory of a process (Linux `/proc`), in bytes, or NaN elsewhere. */
export function vmRssBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return Number(kb) * 1024
  } catch {
    return Number.NaN
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The main thread's JavaScript heap in use (V8's used size, after no forced collection), from a diagnostic report
 * the server writes on SIGUSR2; NaN when none comes within 10 s.
 */
export async function heapUsedBytes(site: Instance): Promise<number> {
  const before = new Set(readdirSync(site.reportDir))
  process.kill(site.pid, 'SIGUSR2')
  for (let i = 0; i < 200; i++) {
    await sleep(50)
    const file = readdirSync(site.reportDir).find((name) => !before.has(name) && name.endsWith('.json'))
    if (!file) continue
    try {
      const report = JSON.parse(readFileSync(path.join(site.reportDir, file), 'utf8')) as {
        javascriptHeap: { usedMemory: number }
      }
      return report.javascriptHeap.usedMemory
    } catch {
      // Still being written: read it again.
      before.delete(file)
    }
  }
  return Number.NaN
}

/**
 * The environment the systemd unit (deploy/band-site.service) gives the server, such as its Node and allocator
 * settings: the bench's servers run as production does. The bench's own values (data dir, port) are set over it.
 */
export function unitEnvironment(root: string): Record<string, string> {
  const unit = readFileSync(path.join(root, 'deploy', 'band-site.service'), 'utf8')
  const pairs = [...unit.matchAll(/^Environment=([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)]
  return Object.fromEntries(pairs.map(([, name, value]) => [name!, value!.trim()]))
}

/**
 * The flags the systemd unit's `ExecStart` gives Node before the entry point (V8 flags NODE_OPTIONS refuses),
 * so that the bench's servers run with them too.
 */
export function unitNodeFlags(root: string): string[] {
  const unit = readFileSync(path.join(root, 'deploy', 'band-site.service'), 'utf8')
  const args = /^ExecStart=\S+\s+(.*)$/m.exec(unit)?.[1]?.trim().split(/\s+/) ?? []
  const entry = args.indexOf('--import')
  return entry < 0 ? [] : args.slice(0, entry)
}

/** The official client against a bench server's embedded content API, as the Studio writes with `token`. */
export function benchContentClient(url: string, token: string): SanityClient {
  return createClient({
    apiHost: `${url}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2025-02-19',
    token,
    useCdn: false,
  })
}

/**
 * A production server of this checkout on its own data dir of `size`, in its own process, with the systemd
 * unit's environment and Node flags, logging every request at `info` as in production. `port` 0: a free one.
 */
export async function startInstance(
  root: string,
  label: string,
  size: InstanceSize,
  now: Date,
  port = 0,
  env: Record<string, string> = {},
): Promise<Instance> {
  const { dataDir, token, databaseUrl, dropDatabase } = await buildDataDir(root, size, now)
  const listenPort = port || (await freePort())
  let site: Started | undefined
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-reports-'))
  const close = async () => {
    if (site) await stop(site.child)
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(reportDir, { recursive: true, force: true })
    await dropDatabase?.()
  }
  const unit = unitEnvironment(root)
  const report = `--report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`
  try {
    site = start(process.execPath, [...unitNodeFlags(root), '--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        ...unit,
        NODE_OPTIONS: `${unit.NODE_OPTIONS ?? ''} ${report}`.trim(),
        NODE_ENV: 'production',
        PORT: String(listenPort),
        HOST: '127.0.0.1',
        HTTPS_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      },
    })
    const url = `http://127.0.0.1:${listenPort}`
    await waitFor(`${url}/healthz`, site)
    return { label, url, pid: site.child.pid!, client: benchContentClient(url, token), reportDir, close }
  } catch (error) {
    await close()
    throw error
  }
}
