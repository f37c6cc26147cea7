import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rate-limited-sink.ts')

export type Sink = { url: string; received: () => Promise<number>; close: () => Promise<void> }

/** Starts rate-limited-sink.ts accepting `perSecond` mails a second, on `port` (0: a free one). */
export function startRateLimitedSink(perSecond: number, port = 0): Promise<Sink> {
  const child: ChildProcess = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SINK_MAILS_PER_SECOND: String(perSecond), SINK_PORT: String(port) },
  })
  const received = () =>
    new Promise<number>((resolve) => {
      const listen = (message: { received?: number }) => {
        if (message.received === undefined) return
        child.off('message', listen)
        resolve(message.received)
      }
      child.on('message', listen)
      child.send('count')
    })
  const close = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.send('close')
    })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('message', (message: { port: number }) =>
      resolve({ url: `smtp://127.0.0.1:${message.port}`, received, close }),
    )
  })
}
