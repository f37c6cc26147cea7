import { rmSync } from 'node:fs'
import pg from 'pg'
import type { SanityClient } from '@sanity/client'
import { openPostgresSubscribersRepository } from '../../../server/newsletter/postgres-subscribers-repository'
import {
  openSqliteSubscribersRepository,
  subscribersFile,
} from '../../../server/newsletter/sqlite-subscribers-repository'
import { buildDataDir } from '../scale/data-dir'
import { benchContentClient } from '../scale/instance'
import { freePort, start, stop, waitFor, type Started } from '../ssr/processes'
import { addFansOfArea } from './fans'

export const ADMIN_TOKEN = 'alerts-bench-newsletter-admin-token'

export type AlertsInstance = {
  url: string
  pid: number
  client: SanityClient
  close: () => Promise<void>
}

/**
 * A production server of this checkout (the seed content, its areas) with `fans` confirmed subscribers of `area`
 * on SQLite or PostgreSQL, sending show alerts to `smtpUrl` at `mailsPerSecond`, announcing at once.
 */
export async function startAlertsInstance(
  root: string,
  options: {
    postgres: boolean
    fans: number
    area: string
    smtpUrl: string
    mailsPerSecond: number
    /** Where the server writes and sends the mails (ALERTS_MAIL_WORK). */
    mailWork: 'thread' | 'event-loop'
    /** 0: a free one. */
    port: number
  },
  now: Date,
): Promise<AlertsInstance> {
  const built = await buildDataDir(root, { subscribers: 0, postgres: options.postgres }, now)
  let site: Started | undefined
  const close = async () => {
    if (site) await stop(site.child)
    rmSync(built.dataDir, { recursive: true, force: true })
    await built.dropDatabase?.()
  }
  try {
    const started = performance.now()
    const repo = built.databaseUrl
      ? await openPostgresSubscribersRepository(new pg.Pool({ connectionString: built.databaseUrl }))
      : openSqliteSubscribersRepository(subscribersFile(built.dataDir))
    await addFansOfArea(repo, options.fans, options.area, now).finally(() => repo.close())
    console.log(
      `  ${options.fans.toLocaleString('en-US')} fans of ${options.area} added in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const port = options.port || (await freePort())
    site = start(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        HTTPS_PORT: '0',
        DATA_DIR: built.dataDir,
        LOG_LEVEL: 'info',
        NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN,
        SMTP_URL: options.smtpUrl,
        SITE_URL: 'https://band.example',
        ALERTS_COALESCE_S: '0',
        ALERTS_MAILS_PER_SECOND: String(options.mailsPerSecond),
        ALERTS_MAIL_WORK: options.mailWork,
        ...(built.databaseUrl ? { DATABASE_URL: built.databaseUrl } : {}),
      },
    })
    const url = `http://127.0.0.1:${port}`
    await waitFor(`${url}/healthz`, site)
    return { url, pid: site.child.pid!, client: benchContentClient(url, built.token), close }
  } catch (error) {
    await close()
    throw error
  }
}
