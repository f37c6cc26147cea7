import { existsSync, readdirSync } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { BackupError, readManifest, type BackupManifest } from './backup-manifest'
import { assertOwnedByCurrentUser, digestFile } from './backup-files'

/** Every file the manifest lists must be there with its size and SHA-256: a truncated copy is refused. */
async function verify(backupDir: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = []
  for (const file of manifest.files) {
    const source = path.join(backupDir, file.path)
    if (!existsSync(source)) {
      problems.push(`${file.path} is missing`)
      continue
    }
    const digest = await digestFile(source)
    if (digest.bytes !== file.bytes) {
      problems.push(`${file.path} has ${digest.bytes} bytes, the manifest says ${file.bytes}`)
    } else if (digest.sha256 !== file.sha256) {
      problems.push(`${file.path} does not match its checksum`)
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).map((p) => `  - ${p}`)
    if (problems.length > 5) shown.push(`  - and ${problems.length - 5} more`)
    throw new BackupError(`The backup in ${backupDir} is damaged; nothing was restored:\n${shown.join('\n')}`)
  }
}

function assertEmptyDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return
  const entries = readdirSync(dataDir)
  if (entries.length === 0) return
  const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', ...' : '')
  throw new BackupError(
    `${dataDir} is not empty (${shown}); restore only into an empty data dir. Stop the server and move the old one aside first, e.g. mv ${dataDir} ${dataDir}.old`,
  )
}

/** The data dir holds subscribers' data and secrets: only its owner (the service user) reads it. */
const PRIVATE_FILE = 0o600

/**
 * Restores a backup made by `createBackup` into an empty data dir: the manifest and every file's checksum are
 * checked first, then the files are copied. If copying fails half-way, what was copied is removed again, so
 * the data dir is left as empty as it was. The server migrates the databases on its next start.
 */
export async function restoreBackup(
  backupDir: string,
  dataDir: string,
): Promise<{ manifest: BackupManifest; files: number; bytes: number }> {
  const source = path.resolve(backupDir)
  const target = path.resolve(dataDir)
  const manifest = await readManifest(source)
  assertEmptyDataDir(target)
  assertOwnedByCurrentUser(target, 'e.g. sudo -u band-site')
  await verify(source, manifest)
  await mkdir(target, { recursive: true, mode: 0o700 })
  try {
    for (const file of manifest.files) {
      const destination = path.join(target, file.path)
      await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 })
      await copyFile(path.join(source, file.path), destination)
      await chmod(destination, PRIVATE_FILE)
    }
  } catch (error) {
    for (const entry of await readdir(target))
      await rm(path.join(target, entry), { recursive: true, force: true })
    throw error
  }
  return {
    manifest,
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
  }
}
