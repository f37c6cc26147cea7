import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Request lines per second at info, and again at warn (4xx), before the rest of a flood is only counted on one
   * summary line a second; 5xx lines are always written. 0: every request's line.
   */
  LOG_REQUESTS_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Public origin used for canonical links and absolute URLs (defaults to the request's origin). */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Turns GA4 on. Without it no analytics script is loaded. */
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
    .optional(),
  /** HTTPS + HTTP/2 port for the Studio (browsers speak HTTP/2 only over TLS); 0 turns it off. */
  HTTPS_PORT: z.coerce.number().int().min(0).max(65535).default(3443),
  /** PEM certificate chain and key for HTTPS_PORT; without both, a self-signed one is made in DATA_DIR. */
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  /** A Sanity project: the Studio and the site use Sanity's hosted API instead of /content. */
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a Sanity project id (lower-case letters, digits, dashes)')
    .optional(),
  /**
   * With SANITY_PROJECT_ID: a Sanity API token with Viewer rights, which the server reads drafts with in the Studio's
   * preview (ADR 160). Never sent to a browser. Unset: the preview shows published content only.
   */
  SANITY_VIEWER_TOKEN: z.string().min(1).optional(),
  /** Dataset name on either backend. */
  SANITY_DATASET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a dataset name (lower-case letters, digits, _ and -)')
    .default('production'),
  /** First start with no users: the administrator to create (else `admin@localhost`). */
  ADMIN_EMAIL: z.email().optional(),
  /** First start with no users: that administrator's password (else one is generated and logged once). */
  ADMIN_PASSWORD: z.string().min(8, 'at least 8 characters').optional(),
  /** Largest asset upload accepted by the content API, in megabytes (larger ones get 413). */
  CONTENT_UPLOAD_LIMIT_MB: z.coerce.number().positive().max(2048).default(50),
  /** Largest image transform output, in megapixels (after `dpr`); larger requests get 400. */
  IMAGE_MAX_OUTPUT_MEGAPIXELS: z.coerce.number().positive().max(67).default(16),
  /** Image transforms rendered at once. */
  IMAGE_TRANSFORM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Image transforms waiting for a slot; past that, new ones get 429. */
  IMAGE_TRANSFORM_QUEUE: z.coerce.number().int().min(0).max(10_000).default(50),
  /** Disk for rendered image variants, in megabytes; the least recently served are deleted past it. */
  IMAGE_CACHE_MB: z.coerce.number().positive().max(1_000_000).default(512),
  /** Memory for rendered pages and feeds, in megabytes; pages read only once (a crawler's) go first past it. */
  PAGE_CACHE_MB: z.coerce.number().positive().max(1_000_000).default(256),
  /** Memory for the content API's query results, in megabytes; the least recently used go first past it. */
  QUERY_CACHE_MB: z.coerce.number().positive().max(1_000_000).default(64),
  /**
   * Host names (comma-separated, no port) the server answers for besides SITE_URL's and the loopback names
   * (localhost, *.localhost, 127.0.0.1, ::1). Other `Host` headers get 400, so they cannot steer redirects or links.
   */
  ALLOWED_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, 'must be host names without ports')))
    .default([]),
  /** How long a Studio sign-in lasts, in days. */
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  // Limits on hostile input (docs/guides/security-and-limits.md, ADR 080).
  /** Worker threads per query lane (public, viewer, trusted); default: cores - 1, between 2 and 4. */
  QUERY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Heap each query worker may use, in megabytes. */
  QUERY_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(256),
  /** Longest a query may take from arrival to result, queueing included; then its worker is stopped. */
  QUERY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  QUERY_MAX_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  QUERY_MAX_PARAMS_KB: z.coerce.number().int().min(1).max(10_240).default(128),
  /** Deepest syntax tree a query may have. */
  QUERY_MAX_DEPTH: z.coerce.number().int().min(8).max(2000).default(200),
  QUERY_MAX_RESULT_MB: z.coerce.number().positive().max(1024).default(8),
  /** Queries in progress at once for one anonymous client (IPv4 address or IPv6 /64). */
  QUERY_MAX_ANONYMOUS_PER_CLIENT: z.coerce.number().int().min(1).default(8),
  /** Queries waiting for a worker per lane; past it the heaviest client's newest waiting query gets 429. */
  QUERY_MAX_WAITING: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Workers per lane kept for clients that have not kept workers busy lately (ADR 080). */
  QUERY_RESERVED_WORKERS: z.coerce.number().int().min(0).max(63).default(1),
  /** Open listeners (SSE): in total, per signed-in user or token, anonymous in total and per client. */
  LISTEN_MAX_TOTAL: z.coerce.number().int().min(1).default(1000),
  LISTEN_MAX_PER_USER: z.coerce.number().int().min(1).default(500),
  LISTEN_MAX_ANONYMOUS: z.coerce.number().int().min(0).default(100),
  LISTEN_MAX_ANONYMOUS_PER_CLIENT: z.coerce.number().int().min(0).default(5),
  /** Deepest JSON accepted in any body or query parameter. */
  JSON_MAX_DEPTH: z.coerce.number().int().min(8).max(1000).default(64),
  /** Largest mutate or actions body, in megabytes. */
  CONTENT_BODY_LIMIT_MB: z.coerce.number().positive().max(512).default(4),
  /** Seconds a client has to send its request headers, and (after them) its body. */
  HTTP_HEADERS_TIMEOUT_S: z.coerce.number().positive().max(600).default(10),
  HTTP_BODY_TIMEOUT_S: z.coerce.number().positive().max(3600).default(10),
  /** Connections the HTTP port can accept per event-loop turn (ADR 090); 1 leaves Node's one. */
  HTTP_ACCEPT_WATCHERS: z.coerce.number().int().min(1).max(64).default(8),
  /** HTTPS_PORT (ADR 050): streams one HTTP/2 connection may have open at once. */
  HTTP2_MAX_STREAMS: z.coerce.number().int().min(1).max(10_000).default(100),
  /** HTTPS_PORT: streams one client address may have with the app at once over its HTTP/2 connections (then they wait). */
  HTTP2_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(200),
  /** HTTPS_PORT: seconds an HTTP/2 stream may send and receive nothing before it is reset. */
  HTTP2_STREAM_IDLE_S: z.coerce.number().positive().max(3600).default(60),
  /** Connections one client address may have open on both ports together; loopback (a proxy) is not limited. */
  HTTP_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Seconds an idle keep-alive connection stays open; a loopback proxy's stay 130 s (ADR 110). */
  HTTP_KEEP_ALIVE_S: z.coerce.number().positive().max(600).default(10),
  /**
   * Where the site's YouTube thumbnails come from (fetched once by the server and kept in DATA_DIR, ADR 130);
   * `off` never fetches, and every video shows the placeholder.
   */
  YOUTUBE_THUMBNAIL_ORIGIN: z
    .union([z.literal('off'), z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))])
    .default('https://i.ytimg.com'),
  /** The server's "now" in tests (ISO time with offset); only honoured when NODE_ENV=test. */
  TEST_NOW: z.iso.datetime({ offset: true }).optional(),

  // Newsletter (server/newsletter). Subscribers live in SQLite in DATA_DIR unless DATABASE_URL is set.
  /** PostgreSQL for subscribers, e.g. postgres://user:pass@host:5432/db. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** SMTP server for mail, e.g. smtps://user:pass@smtp.example.com:465. Set: double opt-in; unset: single. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * Sender of newsletter mail. A bare address gets the band's name from the site settings as its display name;
   * `Name <address>` is sent as given.
   */
  MAIL_FROM: z.string().min(3).default('newsletter@example.com'),
  /** Sign-up attempts per IP address per minute. */
  NEWSLETTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Signs confirm/unsubscribe links and salts IP hashes; generated once into DATA_DIR when unset. */
  NEWSLETTER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Bearer token for the subscriber admin API (needed in Sanity cloud mode, where there are no local users). */
  NEWSLETTER_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),

  // Show alerts (server/show-alerts, docs/decisions/190-show-alerts-outbox.md): with SMTP_URL and the embedded
  // content API, a mail to the fans of its area when a show is first published.
  /** Seconds shows first published after another still wait, so they make one mail (a release is one anyway). */
  ALERTS_COALESCE_S: z.coerce.number().min(0).max(86_400).default(180),
  /** Show alert mails handed to SMTP per second, at most. */
  ALERTS_MAILS_PER_SECOND: z.coerce.number().positive().max(10_000).default(10),
  /** Attempts of one alert mail before it is given up (reported in the Studio and the log). */
  ALERTS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Seconds before the first retry of a failed alert mail; each later one waits twice as long, at most a day. */
  ALERTS_RETRY_BASE_S: z.coerce.number().positive().max(86_400).default(60),
  /** Seconds a sender holds the mails it took; after a crash another sender may take them when this ends. */
  ALERTS_LEASE_S: z.coerce.number().positive().max(86_400).default(120),
  /**
   * Where alert mails are written and sent: `thread`, a worker thread of their own, or `event-loop`, beside the
   * pages (the alerts bench compares the two in one run).
   */
  ALERTS_MAIL_WORK: z.enum(['thread', 'event-loop']).default('thread'),
})

const refined = EnvSchema.superRefine((env, context) => {
  if (Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY)) {
    context.addIssue({
      code: 'custom',
      path: [env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'],
      message: 'set both TLS_CERT and TLS_KEY, or neither',
    })
  }
  if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.SITE_URL) {
    // Links in mail must not be built from a request's Host header, which a sender can forge.
    context.addIssue({
      code: 'custom',
      path: ['SITE_URL'],
      message: 'is required in production when SMTP_URL is set (links in mail use it)',
    })
  }
})

export type Env = z.infer<typeof EnvSchema>

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Parses the environment once at start-up; every bad key is reported, not just the first. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Variables that are set but empty count as unset, so `PORT= npm start` falls back to the default.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = refined.safeParse(present)
  if (result.success) return result.data
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  )
}
