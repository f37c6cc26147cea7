/**
 * Everything of the real server that writes to DATA_DIR (content store, accounts, assets, newsletter), without
 * the page renderer, so process-level tests need no build: `node --import tsx site-data-server.ts`, configured
 * from the environment like server/index.ts. Prints `{"port": n}` once listening; SIGTERM stops it cleanly.
 */
import path from 'node:path'
import { createApp } from '../../app'
import { createClock } from '../../clock'
import { createEmbeddedContentApi } from '../../content-api/embedded-content-api'
import { ContentStore } from '../../content-api/engine'
import { parseEnv } from '../../env'
import { createLogger } from '../../logger'
import { createNewsletter } from '../../newsletter/create-newsletter'
import { claimStartUp } from '../../start-up-claims'

const env = parseEnv()
// The data dir is this process's, as it is the real server's.
await claimStartUp(env)
const logger = createLogger(env)
const clock = createClock(env)
const store = new ContentStore({
  file: path.join(env.DATA_DIR, 'content.sqlite'),
  datasets: [env.SANITY_DATASET],
})
const contentApi = await createEmbeddedContentApi({ env, store, logger })
const newsletter = await createNewsletter({ env, logger, clock, authenticate: contentApi.authenticate })
const app = createApp({
  env,
  logger,
  clock,
  routers: { '/content': contentApi.router, '/api/newsletter': newsletter.router },
})
const server = app.listen(env.PORT, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
})
process.on('SIGTERM', () => {
  store.endStreams()
  server.close(() => {
    void newsletter.close().then(() => {
      contentApi.close()
      store.close()
      process.exit(0)
    })
  })
  server.closeIdleConnections()
})
