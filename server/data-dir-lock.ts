import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { ensurePrivateFile, PRIVATE_FILE } from './db/private-file'

/**
 * One process at a time writes a data dir. The server keeps datasets in memory: a second server on the same dir,
 * or a CLI import beside it, would write what the first never sees and later overwrites (issue 27).
 *
 * The claim is an exclusive SQLite lock on `data-dir.lock`, held as long as the process holds the dir. The
 * kernel drops it when the process ends, kill -9 included, so a crash leaves nothing stale to clean up and no
 * pid to check or reuse. `data-dir.holder` names the holder, for the refusal message; it is written only by the
 * process that holds the lock. The lock file itself is never deleted: deleting it while another process opens
 * it would let two processes lock two different files.
 */
export const LOCK_FILE = 'data-dir.lock'
export const HOLDER_FILE = 'data-dir.holder'

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: string,
  ) {
    super(`DATA_DIR ${path.resolve(dataDir)} is in use by ${holder}`)
  }
}

export type DataDirClaim = { release: () => void }

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}

function holderOf(dataDir: string): string {
  try {
    return readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8').trim() || 'another process'
  } catch {
    return 'another process'
  }
}

/**
 * Claims `dataDir` for this process until `release()` or exit, or throws `DataDirBusyError` naming the process
 * that holds it. `holder` says what this process is ("the server", "the content CLI (import)").
 */
export function claimDataDir(dataDir: string, holder: string): DataDirClaim {
  const lockFile = path.join(dataDir, LOCK_FILE)
  ensurePrivateFile(lockFile)
  const db = new Database(lockFile, { timeout: 0 })
  try {
    // In exclusive locking mode SQLite keeps the write lock after the transaction, until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE; COMMIT')
  } catch (error) {
    db.close()
    if (isBusy(error)) throw new DataDirBusyError(dataDir, holderOf(dataDir))
    throw error
  }
  const holderFile = path.join(dataDir, HOLDER_FILE)
  rmSync(holderFile, { force: true })
  writeFileSync(holderFile, `${holder} (pid ${process.pid})\n`, { mode: PRIVATE_FILE })
  let released = false
  return {
    release: () => {
      if (released) return
      released = true
      rmSync(holderFile, { force: true })
      db.close()
    },
  }
}
