import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SanityClient } from '@sanity/client'
import { afterAll, describe, expect, it } from 'vitest'
import { ContentStore, isRelease } from '../engine'
import { openSqlite } from '../../db/sqlite'
import { spawnContentServer, type SpawnedContentServer } from '../testing/spawn-content-server'

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'release-crash-'))
  dirs.push(dir)
  return dir
}

/** Bytes of write-ahead log that mean the publish of 1,000 documents of 20 kB is being written, not done. */
const MID_WRITE_BYTES = 8 * 1024 * 1024

/** Checkpoints the store's write-ahead log into the file and truncates it (the server is idle); its path. */
function emptiedWriteAheadLog(dir: string): string {
  const db = openSqlite(path.join(dir, 'content.sqlite'))
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
  return path.join(dir, 'content.sqlite-wal')
}

/** kill -9 as soon as `condition` holds (polled every 2 ms); false if it never did before `deadline`. */
async function killWhen(server: SpawnedContentServer, condition: () => boolean, deadline: number) {
  while (!condition()) {
    if (Date.now() > deadline) {
      await server.kill()
      return false
    }
    await sleep(2)
  }
  await server.kill()
  return true
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the store file holds for a release, read with the server down. */
function inspect(dir: string, releaseId: string, publishedIds: string[]) {
  const store = new ContentStore({ file: path.join(dir, 'content.sqlite') })
  try {
    const docs = store.dataset('production')
    const release = docs.get(`_.releases.${releaseId}`)
    return {
      state: isRelease(release) ? release.state : null,
      published: publishedIds.filter((id) => docs.get(id)).length,
      versions: publishedIds.filter((id) => docs.get(`versions.${releaseId}.${id}`)).length,
      /** Transactions that published the release (the scheduler commits as `system`). */
      publishes: store
        .documentHistory('production', [`_.releases.${releaseId}`])
        .filter((row) => row.author === 'system').length,
      /** Revisions of each published document: one, if the release published it once. */
      revisions: new Set(publishedIds.map((id) => store.documentHistory('production', [id]).length)),
    }
  } finally {
    store.close()
  }
}

/** A release of `count` new shows of `bytes` each, scheduled `inMs` from now; returns its publishAt. */
async function scheduledRelease(
  client: SanityClient,
  releaseId: string,
  ids: string[],
  bytes: number,
  inMs: number,
) {
  await client.releases.create({ releaseId, metadata: { title: 'Tour', releaseType: 'scheduled' } })
  for (let i = 0; i < ids.length; i += 100) {
    await client.action(
      ids.slice(i, i + 100).map((id) => ({
        actionType: 'sanity.action.document.version.create' as const,
        publishedId: id,
        document: { _id: `versions.${releaseId}.${id}`, _type: 'event', notes: 'x'.repeat(bytes) },
      })),
    )
  }
  const publishAt = Date.now() + inMs
  await client.releases.schedule({ releaseId, publishAt: new Date(publishAt).toISOString() })
  return publishAt
}

async function waitForState(client: SanityClient, releaseId: string, state: string, timeoutMs: number) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    if ((await client.releases.get({ releaseId }))?.state === state) return
    await sleep(100)
  }
  throw new Error(`release ${releaseId} never became ${state}`)
}

describe('scheduled releases across crashes and restarts', () => {
  it(
    'publishes, when the server starts, a release whose time passed while it was down',
    { timeout: 60_000 },
    async () => {
      const dir = dataDir()
      const ids = ['late-show-1', 'late-show-2', 'late-post']
      const first = await spawnContentServer(dir)
      const publishAt = await scheduledRelease(first.client('editor'), 'rLate', ids, 10, 2500)
      await first.kill()
      await sleep(Math.max(0, publishAt - Date.now()) + 200)
      expect(inspect(dir, 'rLate', ids)).toMatchObject({ state: 'scheduled', published: 0, versions: 3 })

      const second = await spawnContentServer(dir)
      try {
        await waitForState(second.client('editor'), 'rLate', 'published', 20_000)
      } finally {
        await second.kill()
      }
      expect(inspect(dir, 'rLate', ids)).toEqual({
        state: 'published',
        published: 3,
        versions: 0,
        publishes: 1,
        revisions: new Set([1]),
      })
    },
  )

  it(
    'leaves nothing half-published after kill -9 mid-publish, and publishes once on restart',
    { timeout: 180_000 },
    async () => {
      const dir = dataDir()
      const ids = Array.from({ length: 1000 }, (_, i) => `crash-show-${i}`)
      const first = await spawnContentServer(dir)
      const publishAt = await scheduledRelease(first.client('editor'), 'rCrash', ids, 20_000, 2000)
      // The write-ahead log, emptied now, grows only once the publish transaction is being written: the kill
      // comes when part of it is there (SQLite keeps a transaction's frames without its commit out of the file).
      const wal = emptiedWriteAheadLog(dir)
      const killed = await killWhen(first, () => statSync(wal).size > MID_WRITE_BYTES, publishAt + 60_000)
      expect(killed, 'the kill came in the middle of writing the publish').toBe(true)

      expect(inspect(dir, 'rCrash', ids)).toEqual({
        state: 'scheduled',
        published: 0,
        versions: 1000,
        publishes: 0,
        revisions: new Set([0]),
      })

      const second = await spawnContentServer(dir)
      try {
        await waitForState(second.client('editor'), 'rCrash', 'published', 120_000)
      } finally {
        await second.kill()
      }
      expect(inspect(dir, 'rCrash', ids)).toEqual({
        state: 'published',
        published: 1000,
        versions: 0,
        publishes: 1,
        revisions: new Set([1]),
      })
    },
  )
})
