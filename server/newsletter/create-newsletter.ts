import { Router, type RequestHandler } from 'express'
import pg from 'pg'
import { fixedBandName, type BandName } from '../band-name'
import type { Clock } from '../clock'
import type { Env } from '../env'
import type { Logger } from '../logger'
import { requireSubscriberAdmin } from './admin-auth'
import { createSubscribersAdminRouter } from './admin-router'
import { createSmtpMailer, type Mailer } from './mailer'
import { createNewsletterRouter } from './newsletter-router'
import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { createRateLimiter } from './rate-limit'
import { loadOrCreateSecret } from './secret'
import { openSqliteSubscribersRepository, subscribersFile } from './sqlite-subscribers-repository'
import type { SubscribersRepository } from './subscribers-repository'
import type { AreaCatalog } from './subscriber-preferences'
import { createSubscriptionService, type SubscriptionService } from './subscription-service'
import { createIpHasher, createTokenSigner, type TokenSigner } from './tokens'

export type Newsletter = {
  /** Mount at /api/newsletter. */
  router: Router
  service: SubscriptionService
  repo: SubscribersRepository
  /** Signs the links in mail (show alerts sign theirs with it too). */
  tokens: TokenSigner
  close(): Promise<void>
}

export type NewsletterEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'NEWSLETTER_RATE_LIMIT'
  | 'NEWSLETTER_SECRET'
  | 'NEWSLETTER_ADMIN_TOKEN'
  | 'SITE_URL'
>

export async function openSubscribersRepository(env: NewsletterEnv): Promise<SubscribersRepository> {
  if (env.DATABASE_URL) {
    return openPostgresSubscribersRepository(new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 }))
  }
  return openSqliteSubscribersRepository(subscribersFile(env.DATA_DIR))
}

/**
 * Wires the newsletter from the environment: storage (PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR),
 * mail (double opt-in with SMTP_URL, else single opt-in), and the admin API behind `authenticate` (the content
 * API's middleware, resolving Studio sessions and API tokens) and/or NEWSLETTER_ADMIN_TOKEN.
 */
export async function createNewsletter({
  env,
  logger,
  clock,
  authenticate,
  mailer: mailerOverride,
  bandName = fixedBandName(),
  areas,
  preferencesPage = false,
}: {
  env: NewsletterEnv
  logger: Logger
  clock: Clock
  authenticate?: RequestHandler
  /** Tests may pass their own; otherwise SMTP_URL decides. */
  mailer?: Mailer | null
  /** The band's name from the site settings (`bandNameFrom`); without content, the fallback name. */
  bandName?: BandName
  /** The show alert areas a sign-up may choose (published area documents); none without content. */
  areas?: AreaCatalog
  /** The show alerts serve the preferences page (not with a Sanity project): mails link to it. */
  preferencesPage?: boolean
}): Promise<Newsletter> {
  const secret = loadOrCreateSecret(env.DATA_DIR, env.NEWSLETTER_SECRET)
  const repo = await openSubscribersRepository(env)
  const mailer =
    mailerOverride !== undefined
      ? mailerOverride
      : env.SMTP_URL
        ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
        : null
  const tokens = createTokenSigner(secret)
  const service = createSubscriptionService({
    repo,
    mailer,
    tokens,
    hashIp: createIpHasher(secret),
    clock,
    logger,
    bandName,
    preferencesPage,
  })
  logger.info(
    { storage: env.DATABASE_URL ? 'postgresql' : 'sqlite', optIn: mailer ? 'double' : 'single' },
    mailer
      ? 'newsletter: double opt-in, confirmation mail via SMTP'
      : 'newsletter: single opt-in (SMTP_URL is not set, so sign-ups are subscribed without a confirmation mail)',
  )

  const router = Router()
  router.use(
    '/admin',
    createSubscribersAdminRouter({
      repo,
      authorize: requireSubscriberAdmin({ authenticate, adminToken: env.NEWSLETTER_ADMIN_TOKEN }),
      clock,
      logger,
    }),
  )
  router.use(
    createNewsletterRouter({
      service,
      limiter: createRateLimiter({ limit: env.NEWSLETTER_RATE_LIMIT }),
      siteUrl: env.SITE_URL,
      areas,
    }),
  )

  return {
    router,
    service,
    repo,
    tokens,
    async close() {
      await service.idle()
      mailer?.close()
      await repo.close()
    },
  }
}
