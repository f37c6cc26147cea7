import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openPostgresSubscribersRepository } from '../../../server/newsletter/postgres-subscribers-repository'
import {
  openSqliteSubscribersRepository,
  subscribersFile,
} from '../../../server/newsletter/sqlite-subscribers-repository'
import { createTestSchema } from '../../../server/newsletter/testing/postgres'
import { generateContent, type ContentSize } from './generate-content'
import { seedAroundNow } from './seed-around-now'
import { addSubscribers } from './subscribers'

/** No `content`: the seed alone. `postgres`: subscribers in a throwaway schema of the local test database. */
export type InstanceSize = { content?: ContentSize; subscribers: number; postgres?: boolean }

/** Where the subscribers are: SQLite in the data dir, or a PostgreSQL schema (`url`) to drop afterwards. */
async function writeSubscribers(dataDir: string, size: InstanceSize, now: Date) {
  if (!size.postgres) {
    const repo = openSqliteSubscribersRepository(subscribersFile(dataDir))
    await addSubscribers(repo, size.subscribers, now).finally(() => repo.close())
    return {}
  }
  const schema = await createTestSchema()
  try {
    const repo = await openPostgresSubscribersRepository(schema.pool)
    await addSubscribers(repo, size.subscribers, now).finally(() => repo.close())
  } catch (error) {
    await schema.drop()
    throw error
  }
  return { databaseUrl: schema.url, dropDatabase: schema.drop }
}

/** `npm run content -- <args>` on a data dir; throws with its output when it fails. */
export function contentCli(root: string, dataDir: string, args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/content-api/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`content ${args[0]} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/**
 * The seed (its shows around `now`) plus the generated documents, if any, as one export file, next to links to
 * the seed's images and files (the `_sanityAsset` paths are relative to it). Returns its path and a function
 * that removes it.
 */
function writeImportFile(root: string, size: ContentSize | undefined, now: Date) {
  const seedDir = path.join(root, 'content', 'seed')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-import-'))
  symlinkSync(path.join(seedDir, 'images'), path.join(dir, 'images'))
  symlinkSync(path.join(seedDir, 'files'), path.join(dir, 'files'))
  const seed = seedAroundNow(readFileSync(path.join(seedDir, 'production.ndjson'), 'utf8'), now)
  const generated = size ? generateContent(size, now).map((doc) => JSON.stringify(doc)) : []
  const file = path.join(dir, 'production.ndjson')
  writeFileSync(file, `${[seed, ...generated].join('\n')}\n`)
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A data dir as a band would have it: the seed, its shows around `now` (and the generated history), imported with the content CLI,
 * subscribers written through the newsletter's repository, and an editor API token for publishing.
 */
export async function buildDataDir(root: string, size: InstanceSize, now: Date) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'))
  const input = writeImportFile(root, size.content, now)
  try {
    contentCli(root, dataDir, ['import', input.file])
  } finally {
    input.remove()
  }
  const subscribers = await writeSubscribers(dataDir, size, now)
  const token = /lft_[\w-]+/.exec(
    contentCli(root, dataDir, ['token:add', '--label', 'scale-bench', '--role', 'editor']),
  )?.[0]
  if (!token) throw new Error('could not create an API token for publishing')
  return { dataDir, token, ...subscribers }
}
