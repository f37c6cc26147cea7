/**
 * A content-API-only server for process-level tests (kill -9): `node --import tsx start-content-server.ts <dataDir>`.
 * Prints `listening <port>` once it accepts requests. `QUERY_TIMEOUT_MS` in the environment sets the query time limit.
 */
import path from 'node:path'
import { createTestApp } from '../../testing/test-app'
import { createContentApi } from '../http/router'
import { ContentStore, sharedQueryPool } from '../engine'
import { testAuthenticate } from './test-server'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: start-content-server.ts <dataDir>')
const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
const app = createTestApp({
  routers: {
    '/content': createContentApi({
      store,
      authenticate: testAuthenticate,
      queryLimits: process.env.QUERY_TIMEOUT_MS ? { timeoutMs: Number(process.env.QUERY_TIMEOUT_MS) } : {},
    }),
  },
})
// As the server does: the query workers are up before the first request.
await sharedQueryPool().ready()
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`)
})
