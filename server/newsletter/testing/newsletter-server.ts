/**
 * Only the newsletter API (no page renderer, no build needed) as its own process, configured from the
 * environment like the real server. Prints `{"port": n}` once listening. Used by the crash test and the bench.
 */
import { createApp } from '../../app'
import { createClock } from '../../clock'
import { parseEnv } from '../../env'
import { createLogger } from '../../logger'
import { createNewsletter } from '../create-newsletter'

const env = parseEnv()
const logger = createLogger(env)
const clock = createClock(env)
const newsletter = await createNewsletter({ env, logger, clock })
const app = createApp({ env, logger, clock, routers: { '/api/newsletter': newsletter.router } })
const server = app.listen(env.PORT, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
})
process.on('SIGTERM', () => {
  server.close(() => void newsletter.close().then(() => process.exit(0)))
  server.closeIdleConnections()
})
