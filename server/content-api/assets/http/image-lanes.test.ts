import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../testing/test-app'
import { createAssetFiles } from '../asset-files'
import { createAssetServeRouter } from './serve-router'

/**
 * Issue 27, row 14: image renders are shared per client (ADR 080). While one address asks for 70 distinct
 * large variants at once, another address's new variant is rendered in its turn at once, not behind the flood.
 * Addresses are simulated with X-Forwarded-For (the app trusts its loopback proxy).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'image-lanes-'))
const NAME = `${'b'.repeat(40)}-1000x750.png`
let server: Server
let base: string

beforeAll(async () => {
  const files = createAssetFiles(dir)
  // Noise, so every render does real work (a flat colour compresses to nothing).
  const noise = Buffer.alloc(1000 * 750 * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
  const png = await sharp(noise, { raw: { width: 1000, height: 750, channels: 3 } })
    .png()
    .toBuffer()
  await files.store(files.imagePath('production', NAME), png)
  const router = createAssetServeRouter({
    files,
    projectId: 'local',
    hasDataset: () => true,
    variantLimits: { concurrency: 2, maxWaiting: 50, cacheBytes: 1e9 },
  })
  const app = createTestApp({ routers: { '/content': router } })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content/images/local/production/${NAME}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

const variant = (width: number, client: string) =>
  fetch(`${base}?w=${width}&blur=5&fm=png`, { headers: { 'x-forwarded-for': client } }).then(async (res) => {
    await res.arrayBuffer()
    return res.status
  })

describe('image renders under a flood of distinct variants', () => {
  it("renders another address's variant while one address floods 70 distinct ones", async () => {
    let floodRendered = 0
    const flood = Array.from({ length: 70 }, (_, i) =>
      variant(600 + i, '198.51.100.9').then((status) => {
        if (status === 200) floodRendered++
        return status
      }),
    )
    // The flood is in line first.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const status = await variant(500, '203.0.113.9')
    const renderedBefore = floodRendered
    const statuses = await Promise.all(flood)
    console.log(`visitor answered ${status} after ${renderedBefore} of the flood's renders`, {
      rendered: statuses.filter((s) => s === 200).length,
      refused: statuses.filter((s) => s === 429).length,
    })
    expect(status).toBe(200)
    // In its turn: a handful of the flood's renders at most (those already running), not the line of 50.
    expect(renderedBefore).toBeLessThanOrEqual(5)
  }, 60_000)
})
