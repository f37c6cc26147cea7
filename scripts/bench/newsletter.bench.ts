/**
 * Sign-ups per second and latency at 50 concurrent connections against the newsletter API in its own process,
 * every request a new address (the expensive path: validate, hash the IP, insert, commit). The per-IP rate
 * limit is raised for the run. SQLite always; PostgreSQL too when the local test database is reachable.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { createTestSchema } from '../../server/newsletter/testing/postgres'
import { spawnNewsletterServer, waitForExit } from '../../server/newsletter/testing/spawn-newsletter-server'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)

async function bench(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-bench-'))
  const server = await spawnNewsletterServer({
    DATA_DIR: dataDir,
    NEWSLETTER_RATE_LIMIT: '1000000000',
    LOG_LEVEL: 'warn',
    ...env,
  })
  let n = 0
  try {
    const result = await autocannon({
      url: `${server.url}/api/newsletter/subscribe`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ firstName: 'Fan', lastName: 'Número', email: `fan-${n++}@example.com` }),
          }),
        },
      ],
    })
    const created = result['2xx']
    console.log(
      `${label.padEnd(11)} ${(created / DURATION_S).toFixed(0).padStart(6)} sign-ups/s   ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms   ` +
        `(${created} × 201, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts; ` +
        `${CONNECTIONS} connections, ${DURATION_S} s)`,
    )
  } finally {
    server.child.kill('SIGTERM')
    await waitForExit(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await bench('SQLite', {})

let schema: Awaited<ReturnType<typeof createTestSchema>> | undefined
try {
  schema = await createTestSchema()
} catch (error) {
  console.log(`PostgreSQL  skipped: ${(error as Error).message}`)
}
if (schema) {
  try {
    await bench('PostgreSQL', { DATABASE_URL: schema.url })
  } finally {
    await schema.pool.end()
    await schema.drop()
  }
}
