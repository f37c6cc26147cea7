import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'newsletter-server.ts')

export type NewsletterProcess = { child: ChildProcess; url: string; stderr: () => string }

/** Starts testing/newsletter-server.ts as a child process and resolves once it listens. */
export function spawnNewsletterServer(env: Record<string, string>): Promise<NewsletterProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`newsletter server did not start:\n${err}`)), 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /\{"port":(\d+)\}/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, stderr: () => err })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`newsletter server exited with ${code}:\n${err}`))
    })
  })
}

export function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}
