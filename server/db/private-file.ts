import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import path from 'node:path'

/** Only the owner reads and writes data files: they hold subscribers' addresses, accounts and secrets. */
export const PRIVATE_FILE = 0o600
const PRIVATE_DIR = 0o700

/**
 * Makes sure `file` exists with mode 0600 (and its folder, when created, 0700), whatever umask the process was
 * started with: `npm start` in a shell usually has 022, which would make new files world-readable. A file an
 * older release made wider is narrowed. The file is created only when missing: closing a descriptor of a file
 * that a SQLite connection of this process has locked would drop that connection's locks (POSIX locks belong
 * to the process, not to the descriptor).
 */
export function ensurePrivateFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR })
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, 'wx', PRIVATE_FILE))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  if ((statSync(file).mode & 0o777) !== PRIVATE_FILE) chmodSync(file, PRIVATE_FILE)
}
