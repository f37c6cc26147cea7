import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, start, stop, waitFor, type Started } from './processes'

const SITE_ADDRESS = '{$SITE_DOMAIN:localhost} {'

/**
 * deploy/Caddyfile as it is, with its site address replaced by plain HTTP on a loopback port: the same
 * `reverse_proxy` handles and header rules, no TLS, no ACME, no admin endpoint. Throws when the deploy file no
 * longer has the site address this replaces, so the bench never measures a Caddyfile of its own.
 */
export function benchCaddyfile(deployCaddyfile: string): string {
  if (!deployCaddyfile.includes(SITE_ADDRESS)) {
    throw new Error(`deploy/Caddyfile has no "${SITE_ADDRESS}" site block to put on a loopback port`)
  }
  return deployCaddyfile.replace(SITE_ADDRESS, 'http://127.0.0.1:{$CADDY_HTTP_PORT} {\n\tbind 127.0.0.1')
}

export type CaddyFront = { url: string; process: Started; close: () => Promise<void> }

/** A Caddy in front of `127.0.0.1:appPort`, configured as deployed, on a free loopback port. */
export async function startCaddyFront(root: string, appPort: number): Promise<CaddyFront> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ssr-bench-caddy-'))
  const caddyfile = path.join(dir, 'Caddyfile')
  writeFileSync(caddyfile, benchCaddyfile(readFileSync(path.join(root, 'deploy', 'Caddyfile'), 'utf8')))
  const port = await freePort()
  const caddy = start('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      APP_PORT: String(appPort),
      CADDY_HTTP_PORT: String(port),
      CADDY_HTTPS_PORT: String(await freePort()),
      CADDY_ADMIN: 'off',
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
    },
  })
  const url = `http://127.0.0.1:${port}`
  const close = async () => {
    await stop(caddy.child)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitFor(`${url}/`, caddy)
  } catch (error) {
    await close()
    throw error
  }
  return { url, process: caddy, close }
}
