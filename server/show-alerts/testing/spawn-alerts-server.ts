import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'alerts-server.ts')

export type AlertsProcess = {
  child: ChildProcess
  url: string
  /** The log lines (JSON) written so far. */
  logs: () => Record<string, unknown>[]
}

/** Starts testing/alerts-server.ts as a child process and resolves once it listens. */
export function spawnAlertsServer(env: Record<string, string>): Promise<AlertsProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const logs = () =>
    out
      .split('\n')
      .filter((line) => line.startsWith('{"level"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`alerts server did not start:\n${err}`)), 30_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      const wasListening = /\{"port":(\d+)\}/.test(out)
      out += chunk.toString()
      const match = /\{"port":(\d+)\}/.exec(out)
      if (match && !wasListening) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, logs })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`alerts server exited with ${code}:\n${err}`))
    })
  })
}
