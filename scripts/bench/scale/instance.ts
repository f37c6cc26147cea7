import { readFileSync, rmSync } from 'node:fs'
import { createClient, type SanityClient } from '@sanity/client'
import { freePort, start, stop, waitFor, type Started } from '../ssr/processes'
import { buildDataDir, type InstanceSize } from './data-dir'

export const ADMIN_TOKEN = 'scale-bench-newsletter-admin-token'

export type Instance = {
  label: string
  url: string
  pid: number
  client: SanityClient
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

/**
 * A production server of this checkout on its own data dir of `size`, in its own process, logging every request
 * at `info` as in production. `port` 0: a free one.
 */
export async function startInstance(
  root: string,
  label: string,
  size: InstanceSize,
  now: Date,
  port = 0,
): Promise<Instance> {
  const { dataDir, token, databaseUrl, dropDatabase } = await buildDataDir(root, size, now)
  const listenPort = port || (await freePort())
  let site: Started | undefined
  const close = async () => {
    if (site) await stop(site.child)
    rmSync(dataDir, { recursive: true, force: true })
    await dropDatabase?.()
  }
  try {
    site = start(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        NODE_ENV: 'production',
        PORT: String(listenPort),
        HOST: '127.0.0.1',
        HTTPS_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    })
    const url = `http://127.0.0.1:${listenPort}`
    await waitFor(`${url}/healthz`, site)
    const client = createClient({
      apiHost: `${url}/content`,
      useProjectHostname: false,
      projectId: 'local',
      dataset: 'production',
      apiVersion: '2025-02-19',
      token,
      useCdn: false,
    })
    return { label, url, pid: site.child.pid!, client, close }
  } catch (error) {
    await close()
    throw error
  }
}
