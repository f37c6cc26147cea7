import { existsSync, readdirSync, statSync } from 'node:fs'
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Env } from '../env'
import { accountsFile } from '../content-api/accounts/accounts'
import { FILE_FILE, IMAGE_FILE } from '../content-api/assets/asset-files'
import { contentStoreFile } from '../content-api/embedded-content-api'
import { subscribersFile } from '../newsletter/sqlite-subscribers-repository'
import { SECRET_FILE } from '../newsletter/secret'
import { CERT_FILE, KEY_FILE } from '../http/tls-certificate'
import {
  BackupError,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type BackupManifest,
} from './backup-manifest'
import { assertOwnedByCurrentUser, digestFile, syncPath } from './backup-files'
import { snapshotSqlite } from './sqlite-snapshot'

export type BackupEnv = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'NEWSLETTER_SECRET' | 'TLS_CERT' | 'TLS_KEY'>

export type BackupResult = {
  dir: string
  manifest: BackupManifest
  /** Problems found in the data dir itself (an asset document whose file is missing or damaged). */
  warnings: string[]
}

type Copied = BackupManifest['files'][number]

/** The target must be new (or an empty directory): a backup never mixes with, or overwrites, another. */
function assertUsableTarget(target: string): void {
  if (!existsSync(target)) return
  if (!statSync(target).isDirectory()) throw new BackupError(`${target} exists and is not a directory`)
  const entries = readdirSync(target)
  if (entries.length > 0) {
    throw new BackupError(
      `${target} already exists and is not empty; back up into a new directory, e.g. ${path.join(path.dirname(target), new Date().toISOString().slice(0, 10))}`,
    )
  }
}

/** Private (subscribers' data, secrets), on disk, and described for the manifest. */
async function record(work: string, relative: string): Promise<Copied> {
  const file = path.join(work, relative)
  await chmod(file, 0o600)
  await syncPath(file)
  const { bytes, sha256 } = await digestFile(file)
  return { path: relative, bytes, sha256 }
}

/**
 * Asset files named by the asset documents of the backed-up content database, copied byte for byte and checked
 * against the SHA-1 in their names. Asset files are written before their document is committed and never
 * change (the name is the hash), so every file the snapshot's documents name is already on disk.
 */
async function copyAssets(dataDir: string, work: string, contentCopy: string) {
  const db = new Database(contentCopy, { readonly: true })
  const rows = db
    .prepare(
      "SELECT dataset, body FROM content_documents WHERE type IN ('sanity.imageAsset', 'sanity.fileAsset') ORDER BY dataset, id",
    )
    .all() as { dataset: string; body: string }[]
  db.close()
  const copied: Copied[] = []
  const counts: Record<string, number> = {}
  const warnings: string[] = []
  for (const row of rows) {
    const doc = JSON.parse(row.body) as { _id: string; _type: string; path?: unknown }
    const kind = doc._type === 'sanity.imageAsset' ? 'images' : 'files'
    const name = typeof doc.path === 'string' ? path.posix.basename(doc.path) : ''
    const match = (kind === 'images' ? IMAGE_FILE : FILE_FILE).exec(name)
    if (!match) {
      warnings.push(`${row.dataset}/${doc._id}: its path ${JSON.stringify(doc.path)} names no asset file`)
      continue
    }
    const relative = path.posix.join('assets', row.dataset, kind, name)
    const source = path.join(dataDir, relative)
    if (!existsSync(source)) {
      warnings.push(`${row.dataset}/${doc._id}: ${source} is missing from the data dir`)
      continue
    }
    await mkdir(path.dirname(path.join(work, relative)), { recursive: true })
    await copyFile(source, path.join(work, relative))
    const { sha1 } = await digestFile(path.join(work, relative))
    if (sha1 !== match[1]) warnings.push(`${relative}: its bytes do not match the hash in its name (damaged)`)
    copied.push(await record(work, relative))
    counts[row.dataset] = (counts[row.dataset] ?? 0) + 1
  }
  return { copied, counts, warnings }
}

async function copyIfPresent(dataDir: string, work: string, relative: string): Promise<Copied | null> {
  const source = path.join(dataDir, relative)
  if (!existsSync(source)) return null
  await mkdir(path.dirname(path.join(work, relative)), { recursive: true })
  await copyFile(source, path.join(work, relative))
  return record(work, relative)
}

/** The newsletter secret and the self-signed TLS material, or notes on where they live instead. */
async function copySecrets(env: BackupEnv, work: string, notes: string[]): Promise<Copied[]> {
  const copied: Copied[] = []
  if (env.NEWSLETTER_SECRET) {
    notes.push('NEWSLETTER_SECRET is set in the environment: keep a copy of the environment file.')
  } else {
    const secret = await copyIfPresent(env.DATA_DIR, work, SECRET_FILE)
    if (secret) copied.push(secret)
  }
  for (const file of [CERT_FILE, KEY_FILE]) {
    const tls = await copyIfPresent(env.DATA_DIR, work, file)
    if (tls) copied.push(tls)
  }
  if (env.TLS_CERT) {
    notes.push(
      `TLS_CERT and TLS_KEY name files outside the data dir (${env.TLS_CERT}, ${env.TLS_KEY}): back them up too.`,
    )
  }
  return copied
}

/** The SQLite databases, each an online snapshot; a missing optional one gets a note. */
async function snapshotDatabases(env: BackupEnv, work: string, notes: string[]) {
  const databases: { file: string; required: boolean }[] = [
    { file: contentStoreFile(env.DATA_DIR), required: true },
    { file: accountsFile(env.DATA_DIR), required: false },
    ...(env.DATABASE_URL ? [] : [{ file: subscribersFile(env.DATA_DIR), required: false }]),
  ]
  if (env.DATABASE_URL) {
    notes.push(
      'Subscribers are in PostgreSQL (DATABASE_URL): back them up with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" > subscribers.dump.',
    )
  }
  const copied: Copied[] = []
  const schemaVersions: Record<string, number> = {}
  for (const { file, required } of databases) {
    const name = path.basename(file)
    if (!existsSync(file)) {
      if (required) {
        throw new BackupError(`No site data in ${env.DATA_DIR}: ${name} is missing. Is DATA_DIR right?`)
      }
      notes.push(`${name} did not exist in the data dir (the server creates it on start).`)
      continue
    }
    const version = await snapshotSqlite(file, path.join(work, name))
    if (version !== null) schemaVersions[name] = version
    copied.push(await record(work, name))
  }
  return { copied, schemaVersions }
}

/**
 * A consistent, point-in-time copy of everything a site needs to come back, taken while the server runs: the
 * content database first (its snapshot is the point in time), then the other databases, the asset files that
 * snapshot names, the newsletter secret and the TLS material. It is built in a temporary sibling directory and
 * renamed to `target` once `manifest.json` (written last) is on disk, so `target` is complete or absent.
 */
export async function createBackup(env: BackupEnv, target: string): Promise<BackupResult> {
  const dir = path.resolve(target)
  assertUsableTarget(dir)
  assertOwnedByCurrentUser(contentStoreFile(env.DATA_DIR), 'e.g. sudo -u band-site')
  await mkdir(path.dirname(dir), { recursive: true })
  const work = await mkdtemp(`${dir}.partial-`)
  try {
    const notes: string[] = []
    const databases = await snapshotDatabases(env, work, notes)
    const assets = await copyAssets(env.DATA_DIR, work, path.join(work, 'content.sqlite'))
    const secrets = await copySecrets(env, work, notes)
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      dataDir: path.resolve(env.DATA_DIR),
      schemaVersions: databases.schemaVersions,
      assets: assets.counts,
      notes,
      files: [...databases.copied, ...assets.copied, ...secrets],
    }
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    await syncPath(path.join(work, MANIFEST_FILE))
    if (existsSync(dir) && (await readdir(dir)).length === 0) await rmdir(dir)
    await rename(work, dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
      throw new BackupError(`${dir} was written by another backup meanwhile; this one is discarded`)
    })
    await syncPath(path.dirname(dir))
    return { dir, manifest, warnings: assets.warnings }
  } catch (error) {
    await rm(work, { recursive: true, force: true })
    throw error
  }
}
