import { createHash } from 'node:crypto'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { BackupError } from './backup-manifest'

export type FileDigest = { bytes: number; sha256: string; sha1: string }

/** Size and hashes of a file, read once as a stream (asset files may be large videos). */
export async function digestFile(file: string): Promise<FileDigest> {
  const sha256 = createHash('sha256')
  const sha1 = createHash('sha1')
  let bytes = 0
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer
    bytes += buffer.length
    sha256.update(buffer)
    sha1.update(buffer)
  }
  return { bytes, sha256: sha256.digest('hex'), sha1: sha1.digest('hex') }
}

/** Flushes a file or directory to disk, so a backup that says it is complete survives a power cut. */
export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Refuses to work on a data dir owned by another user: SQLite would leave `-wal`/`-shm` files, and a restore
 * would leave data, that the server's user cannot write. Root included: run the CLI as the service user.
 */
export function assertOwnedByCurrentUser(target: string, hint: string): void {
  const uid = process.getuid?.()
  if (uid === undefined || !existsSync(target)) return
  const owner = statSync(target).uid
  if (owner !== uid) {
    throw new BackupError(
      `${target} belongs to user id ${owner}, but this runs as user id ${uid}: run it as the user the server runs as (${hint}).`,
    )
  }
}
