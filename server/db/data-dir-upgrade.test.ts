import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSiteDataServer } from '../backup/testing/spawn-site-data-server'
import { openAccounts } from '../content-api/accounts/accounts'
import { readMigrations } from './migrate'

// A data dir written by release 0.1.0 (scripts/make-data-dir-fixture.ts), opened by this release's server:
// every migration added since runs at start-up and everything stays readable. See ADR 112.
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FIXTURE = path.join(server, '../tests/fixtures/data-dir-0.1.0')
const facts = JSON.parse(readFileSync(`${FIXTURE}.json`, 'utf8')) as {
  image: string
  file: string
  editorToken: string
}
const V = 'v2025-02-19'
const ADMIN_TOKEN = 'upgrade-test-newsletter-admin-token-0123'
const MIGRATIONS = {
  'content.sqlite': path.join(server, 'content-api/engine/store/migrations'),
  'accounts.sqlite': path.join(server, 'content-api/accounts/migrations'),
  'subscribers.sqlite': path.join(server, 'newsletter/migrations/sqlite'),
}
const root = mkdtempSync(path.join(os.tmpdir(), 'upgrade-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function copyFixture(name: string): string {
  const dir = path.join(root, name)
  cpSync(FIXTURE, dir, { recursive: true })
  return dir
}

async function json<T>(url: string, token = facts.editorToken): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status, url).toBe(200)
  return (await res.json()) as T
}

describe('upgrading a data dir written by the previous release', () => {
  it(
    'starts on it, migrates every database to this release, and reads everything back',
    { timeout: 90_000 },
    async () => {
      const dataDir = copyFixture('data')
      const site = await spawnSiteDataServer({ DATA_DIR: dataDir, NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN })
      try {
        const docs = await json<{ documents: Record<string, unknown>[] }>(
          `${site.url}/content/${V}/data/doc/production/event-fixture,news-fixture,drafts.news-fixture`,
        )
        expect(docs.documents).toMatchObject([
          { _id: 'event-fixture', venue: 'Teatro Fixture', city: 'Oaxaca' },
          { _id: 'news-fixture', title: 'Second title', coverImage: { asset: { _ref: facts.image } } },
          { _id: 'drafts.news-fixture', title: 'Draft title' },
        ])

        // History: the first revision is rebuilt from the stored effects.
        const log = await fetch(
          `${site.url}/content/${V}/data/history/production/transactions/news-fixture`,
          {
            headers: { authorization: `Bearer ${facts.editorToken}` },
          },
        )
        const first = JSON.parse((await log.text()).trim().split('\n')[0]!) as { id: string }
        const old = await json<{ documents: { title: string }[] }>(
          `${site.url}/content/${V}/data/history/production/documents/news-fixture?revision=${first.id}`,
        )
        expect(old.documents[0]!.title).toBe('First title')

        // Assets: the same bytes, and image variants still render.
        for (const [kind, id] of [
          ['images', facts.image],
          ['files', facts.file],
        ] as const) {
          const asset = (
            await json<{ documents: { url: string; path: string }[] }>(
              `${site.url}/content/${V}/data/doc/production/${id}`,
            )
          ).documents[0]!
          const served = Buffer.from(await (await fetch(`${site.url}${asset.url}`)).arrayBuffer())
          const stored = readFileSync(
            path.join(FIXTURE, 'assets/production', kind, path.posix.basename(asset.path)),
          )
          expect(served.equals(stored), asset.url).toBe(true)
          if (kind === 'images') expect((await fetch(`${site.url}${asset.url}?w=4&fm=webp`)).status).toBe(200)
        }

        const subscribers = await json<{ items: { email: string; status: string }[] }>(
          `${site.url}/api/newsletter/admin/subscribers`,
          ADMIN_TOKEN,
        )
        expect(subscribers.items.map(({ email, status }) => ({ email, status }))).toEqual([
          { email: 'leo@example.com', status: 'unsubscribed' },
          { email: 'ana@example.com', status: 'subscribed' },
        ])
      } finally {
        await site.stop()
      }

      for (const [file, dir] of Object.entries(MIGRATIONS)) {
        const db = new Database(path.join(dataDir, file), { readonly: true })
        const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all()
        db.close()
        expect(applied, file).toEqual(readMigrations(dir).map(({ version }) => ({ version })))
      }
      const accounts = openAccounts({ file: path.join(dataDir, 'accounts.sqlite') })
      expect(await accounts.users.verifyCredentials('admin@example.com', 'fixture-password')).toMatchObject({
        role: 'administrator',
      })
      accounts.close()
      expect(readFileSync(path.join(dataDir, 'newsletter-secret'), 'utf8')).toBe(
        readFileSync(path.join(FIXTURE, 'newsletter-secret'), 'utf8'),
      )
    },
  )

  it(
    'refuses to start on a data dir a newer release has migrated, and leaves it as it was',
    { timeout: 60_000 },
    async () => {
      const dataDir = copyFixture('from-the-future')
      const db = new Database(path.join(dataDir, 'content.sqlite'))
      db.prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01')",
      ).run()
      db.close()
      const before = readFileSync(path.join(dataDir, 'content.sqlite'))
      await expect(spawnSiteDataServer({ DATA_DIR: dataDir })).rejects.toThrow(
        /content\.sqlite has schema version 999, but this release knows versions up to \d+: it was written by a newer release/,
      )
      expect(readFileSync(path.join(dataDir, 'content.sqlite')).equals(before)).toBe(true)
    },
  )
})
