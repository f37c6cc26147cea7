import { claimDataDir, DataDirBusyError, type DataDirClaim } from './data-dir-lock'
import type { Env } from './env'
import { claimPort, type ListenAddress } from './http/accept-watchers'

/**
 * A reason the server cannot start that its operator must fix: `server/index.ts` prints the message as one
 * line and exits with code 1, so a supervisor (systemd's `Restart=on-failure`) sees the failure.
 */
export class StartUpError extends Error {}

type PortSetting = 'PORT' | 'HTTPS_PORT'

/** The start-up error for a failed listen on `setting`'s port; other errors are returned as they are. */
export function listenFailure(setting: PortSetting, address: ListenAddress, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code
  const where = `${setting} ${address.port} (on ${address.host})`
  if (code === 'EADDRINUSE')
    return new StartUpError(
      `${where} is already in use, perhaps by another copy of this server: stop it or set ${setting} to a free port`,
    )
  if (code === 'EACCES')
    return new StartUpError(`${where} needs privileges this user lacks: set ${setting} to a port above 1023`)
  if (code === 'EADDRNOTAVAIL') return new StartUpError(`${where}: HOST is not an address of this machine`)
  return error
}

async function assertPortFree(setting: PortSetting, address: ListenAddress): Promise<void> {
  // Port 0 asks the system for any free port: nothing to check.
  if (address.port === 0) return
  await claimPort(address).catch((error: unknown) => {
    throw listenFailure(setting, address, error)
  })
}

/**
 * What the server must own before anything slow starts (issue 27): the data dir (one process writes it) and
 * its ports. A second copy of the server stops here at once with one line naming the dir or the port, instead
 * of opening the content store or serving half (the plain port without the HTTPS one). The ports are checked,
 * not held: the real listen comes once the app is ready, and fails the same way if the port was taken since.
 */
export async function claimStartUp(env: Pick<Env, 'DATA_DIR' | 'PORT' | 'HTTPS_PORT' | 'HOST'>) {
  let claim: DataDirClaim
  try {
    claim = claimDataDir(env.DATA_DIR, 'a server')
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error
    throw new StartUpError(`${error.message}: stop it, or give this server another DATA_DIR`)
  }
  // The kernel drops the lock at exit anyway; this also removes the holder's name.
  process.once('exit', () => claim.release())
  // Whatever this process creates in the data dir (databases, uploads, variants, certificates) is its own:
  // `npm start` from a shell usually has umask 022, which makes files world-readable and, with 000, folders
  // world-writable. systemd's unit sets the same (deploy/band-site.service, UMask=0077).
  process.umask(0o077)
  try {
    await assertPortFree('PORT', { port: env.PORT, host: env.HOST })
    if (env.HTTPS_PORT) await assertPortFree('HTTPS_PORT', { port: env.HTTPS_PORT, host: env.HOST })
  } catch (error) {
    claim.release()
    throw error
  }
  return claim
}
