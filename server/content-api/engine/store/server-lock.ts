import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Marks a data dir as served by a running server (`server.pid`), so the CLI can refuse an import that the
 * server, which keeps datasets in memory, would not see and would later overwrite.
 */
export function serverLockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid')
}

export function markServerRunning(dataDir: string): () => void {
  const file = serverLockFile(dataDir)
  writeFileSync(file, String(process.pid))
  return () => {
    if (runningServerPid(dataDir) === process.pid) rmSync(file, { force: true })
  }
}

/** The pid of a live server using this data dir, or null (no file, or a stale one from a crash). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number
  try {
    pid = Number(readFileSync(serverLockFile(dataDir), 'utf8').trim())
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; still a live server.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}
