/**
 * The content store, the newsletter and the show alerts as their own process, configured from the environment
 * like the real server (no pages, no build needed), plus POST /test/publish to commit documents in one
 * transaction. Prints `{"port": n}` once listening. Used by the crash test and the fan-out bench.
 */
import path from 'node:path'
import express, { Router } from 'express'
import { fixedBandName } from '../../band-name'
import { createApp } from '../../app'
import { createClock } from '../../clock'
import { ContentStore } from '../../content-api/engine'
import { parseEnv } from '../../env'
import { createLogger } from '../../logger'
import { createNewsletter } from '../../newsletter/create-newsletter'
import { contentAreaCatalog } from '../area-catalog'
import { createShowAlerts } from '../create-show-alerts'

const env = parseEnv()
const logger = createLogger(env)
const clock = createClock(env)
const content = new ContentStore({ file: path.join(env.DATA_DIR, 'content.sqlite') })
const areas = contentAreaCatalog(content, 'production')
const bandName = fixedBandName('Los Forasteros')
const newsletter = await createNewsletter({ env, logger, clock, bandName, areas })
const alerts = await createShowAlerts({
  env,
  logger,
  clock,
  content,
  dataset: 'production',
  repo: newsletter.repo,
  tokens: newsletter.tokens,
  bandName,
  areas,
})

const testRoutes = Router()
testRoutes.post('/publish', express.json({ limit: '1mb' }), async (req, res) => {
  const docs = req.body as Record<string, unknown>[]
  await content.commit('production', { author: 'test' }, (ws) => {
    for (const doc of docs) ws.apply(String(doc._id), { createOrReplace: doc })
  })
  res.status(204).end()
})

const app = createApp({
  env,
  logger,
  clock,
  routers: { '/test': testRoutes, '/api/newsletter': Router().use(alerts.router, newsletter.router) },
})
const server = app.listen(env.PORT, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  )
})
process.on('SIGTERM', () => {
  server.close(
    () =>
      void (async () => {
        await alerts.close()
        await newsletter.close()
        content.close()
        process.exit(0)
      })(),
  )
  server.closeIdleConnections()
})
