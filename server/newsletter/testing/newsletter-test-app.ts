import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Express, RequestHandler } from 'express'
import { fixedBandName, type BandName } from '../../band-name'
import { createClock, type Clock } from '../../clock'
import { parseEnv, type Env } from '../../env'
import { createLogger } from '../../logger'
import { createTestApp } from '../../testing/test-app'
import { createNewsletter, type Newsletter } from '../create-newsletter'

/** The band's name in the seed's site settings (content/seed). */
export const SEED_BAND_NAME = 'Los Forasteros'

/** The real app with the newsletter mounted, on a throwaway DATA_DIR (SQLite unless DATABASE_URL is given). */
export async function createNewsletterTestApp(
  options: {
    env?: Partial<Record<keyof Env, string>>
    authenticate?: RequestHandler
    clock?: Clock
    /** Default: the name the seed's site settings give the band. */
    bandName?: BandName
  } = {},
): Promise<{ app: Express; newsletter: Newsletter; dataDir: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-'))
  const envVars = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env }
  const env = parseEnv(envVars)
  const newsletter = await createNewsletter({
    env,
    logger: createLogger(env),
    clock: options.clock ?? createClock(env),
    authenticate: options.authenticate,
    bandName: options.bandName ?? fixedBandName(SEED_BAND_NAME),
  })
  const app = createTestApp({ env: envVars, routers: { '/api/newsletter': newsletter.router } })
  return {
    app,
    newsletter,
    dataDir,
    async close() {
      await newsletter.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
