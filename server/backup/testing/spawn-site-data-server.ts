import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'site-data-server.ts')

export type SiteDataServer = { child: ChildProcess; url: string; stop: () => Promise<void> }

/** Starts site-data-server.ts on `env.DATA_DIR` (port 0) and resolves once it listens. */
export function spawnSiteDataServer(env: Record<string, string>): Promise<SiteDataServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', HTTPS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /\{"port":(\d+)\}/.exec(out)
      if (!match) return
      clearTimeout(timer)
      resolve({
        child,
        url: `http://127.0.0.1:${match[1]}`,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
          return exited
        },
      })
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${err}`))
    })
  })
}
