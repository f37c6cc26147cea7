import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSiteDataServer, type SiteDataServer } from './testing/spawn-site-data-server'

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '../content-api/cli/main.ts')
const V = 'v2025-02-19'
const ADMIN_TOKEN = 'backup-test-newsletter-admin-token-0123'
const root = mkdtempSync(path.join(os.tmpdir(), 'backup-load-'))
const running: SiteDataServer[] = []

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
  rmSync(root, { recursive: true, force: true })
})

/** The real CLI as its own process, as a cron job or systemd timer runs it. */
async function cli(args: string[], dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  })
  return stdout
}

async function start(dataDir: string): Promise<SiteDataServer> {
  const server = await spawnSiteDataServer({
    DATA_DIR: dataDir,
    NEWSLETTER_RATE_LIMIT: '1000000',
    NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN,
  })
  running.push(server)
  return server
}

type Acknowledged = {
  documents: { id: string; n: number }[]
  files: { url: string; bytes: Buffer }[]
  subscribers: string[]
}

/** Three writers (mutations, file uploads, newsletter sign-ups) that record what the server acknowledged. */
function writeLoad(url: string, token: string) {
  const acknowledged: Acknowledged = { documents: [], files: [], subscribers: [] }
  let stopped = false
  let n = 0
  const auth = { authorization: `Bearer ${token}` }
  const loop = async (write: () => Promise<void>) => {
    while (!stopped) {
      try {
        await write()
      } catch {
        // A request the server did not answer was never acknowledged.
      }
    }
  }
  const mutations = loop(async () => {
    const k = n++
    const id = `load-${k}`
    const res = await fetch(`${url}/content/${V}/data/mutate/production`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        mutations: [{ create: { _id: id, _type: 'loadTest', n: k, text: 'x'.repeat(300) } }],
      }),
    })
    if (res.status === 200) acknowledged.documents.push({ id, n: k })
  })
  const uploads = loop(async () => {
    const k = n++
    const bytes = randomBytes(20_000 + (k % 7) * 10_000)
    const res = await fetch(`${url}/content/${V}/assets/files/production?filename=take-${k}.bin`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: bytes,
    })
    if (res.status === 200) {
      const { document } = (await res.json()) as { document: { url: string } }
      acknowledged.files.push({ url: document.url, bytes })
    }
  })
  const signUps = loop(async () => {
    const k = n++
    const email = `fan${k}@example.com`
    const res = await fetch(`${url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Fan', lastName: String(k), email }),
    })
    if (res.status === 201) acknowledged.subscribers.push(email)
  })
  return {
    acknowledged,
    /** A copy of what was acknowledged so far. */
    snapshot: (): Acknowledged => ({
      documents: [...acknowledged.documents],
      files: [...acknowledged.files],
      subscribers: [...acknowledged.subscribers],
    }),
    stop: async () => {
      stopped = true
      await Promise.all([mutations, uploads, signUps])
    },
  }
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('backup and restore', () => {
  it(
    'a backup taken under write load restores every write acknowledged before it started, assets byte for byte',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(root, 'live')
      const tokenLine = await cli(['token:add', '--label', 'load', '--role', 'editor'], dataDir)
      const token = /Token \(shown only now\): (\S+)/.exec(tokenLine)![1]!
      const live = await start(dataDir)
      const load = writeLoad(live.url, token)
      await until(
        () =>
          load.acknowledged.documents.length >= 40 &&
          load.acknowledged.files.length >= 10 &&
          load.acknowledged.subscribers.length >= 20,
      )

      const before = load.snapshot()
      const backupDir = path.join(root, 'backups', 'nightly')
      const out = await cli(['backup', backupDir], dataDir)
      const during = load.snapshot()
      await load.stop()
      await live.stop()
      expect(out).toMatch(/Backed up .* to .*nightly: \d+ file\(s\)/)
      // The server kept taking writes while the backup ran.
      expect(during.documents.length).toBeGreaterThan(before.documents.length)

      const restoredDir = path.join(root, 'restored')
      expect(await cli(['restore', backupDir], restoredDir)).toMatch(/Restored the backup of .* into/)
      expect(readFileSync(path.join(restoredDir, 'newsletter-secret'))).toEqual(
        readFileSync(path.join(dataDir, 'newsletter-secret')),
      )
      const restored = await start(restoredDir)
      const auth = { authorization: `Bearer ${token}` }

      const ids = before.documents.map((doc) => doc.id)
      const query = new URLSearchParams({ query: '*[_id in $ids]{_id, n}', $ids: JSON.stringify(ids) })
      const found = (await (
        await fetch(`${restored.url}/content/${V}/data/query/production?${query}`, { headers: auth })
      ).json()) as { result: { _id: string; n: number }[] }
      expect(new Map(found.result.map((doc) => [doc._id, doc.n]))).toEqual(
        new Map(before.documents.map((doc) => [doc.id, doc.n])),
      )

      for (const file of before.files) {
        const res = await fetch(`${restored.url}${file.url}`)
        expect(res.status, file.url).toBe(200)
        expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes), file.url).toBe(true)
      }

      const csv = await (
        await fetch(`${restored.url}/api/newsletter/admin/subscribers.csv`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).text()
      const missing = before.subscribers.filter((email) => !csv.includes(`"${email}"`))
      expect(missing).toEqual([])
      await restored.stop()
    },
  )

  it(
    'a backup of an idle server holds its last writes, which SQLite still keeps in the WAL file',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(root, 'idle')
      const tokenLine = await cli(['token:add', '--label', 'idle', '--role', 'editor'], dataDir)
      const token = /Token \(shown only now\): (\S+)/.exec(tokenLine)![1]!
      const live = await start(dataDir)
      const res = await fetch(`${live.url}/content/${V}/data/mutate/production`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mutations: [{ create: { _id: 'last-write', _type: 'loadTest', n: 1 } }] }),
      })
      expect(res.status).toBe(200)
      // A copy of content.sqlite alone would miss this commit: it is in content.sqlite-wal until a checkpoint.
      await cli(['backup', path.join(root, 'idle-backup')], dataDir)
      await live.stop()
      await cli(['restore', path.join(root, 'idle-backup')], path.join(root, 'idle-restored'))
      const restored = await start(path.join(root, 'idle-restored'))
      const doc = await fetch(`${restored.url}/content/${V}/data/doc/production/last-write`)
      expect(((await doc.json()) as { documents: { n: number }[] }).documents).toMatchObject([{ n: 1 }])
      await restored.stop()
    },
  )
})
