import { Worker } from 'node:worker_threads'

export type Download = { status: number; ms: number; bytes: number; rows: number; error?: string }

// Plain JavaScript for the worker (it runs without the TypeScript loader): GET the address, read the body to the
// last byte, count its lines; post 'sending' just before the request goes out, then the figures.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { request } = require('node:http')
parentPort.postMessage({ sending: true })
const started = performance.now()
const req = request(workerData.url, { headers: workerData.headers })
req.on('response', (res) => {
  let bytes = 0
  let newlines = 0
  let last = 0
  res.on('data', (chunk) => {
    bytes += chunk.length
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++
    last = chunk[chunk.length - 1]
  })
  res.on('end', () =>
    parentPort.postMessage({ status: res.statusCode, ms: performance.now() - started, bytes, lines: newlines + (last === 10 ? 0 : 1) }),
  )
  res.on('error', (error) => parentPort.postMessage({ error: String(error) }))
})
req.on('error', (error) => parentPort.postMessage({ error: String(error) }))
req.end()
`

/**
 * `GET url` read by a worker thread, so that reading a large download does not hold the caller's event loop
 * (and whatever the caller times meanwhile, such as paced `GET /`s, measures the server, not its own reading).
 * `sending` resolves when the request is about to go out; `done` with the status, the time to the last byte,
 * the bytes and the rows of a CSV body (lines but its header).
 */
export function downloadElsewhere(url: string, headers: Record<string, string> = {}) {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, headers } })
  let onSending: () => void
  const sending = new Promise<void>((resolve) => (onSending = resolve))
  const done = new Promise<Download>((resolve, reject) => {
    worker.on('message', (message: { sending?: true; error?: string; lines?: number } & Download) => {
      if (message.sending) return onSending()
      void worker.terminate()
      if (message.error) return reject(new Error(`GET ${url}: ${message.error}`))
      const { status, ms, bytes, lines = 0 } = message
      resolve({ status, ms, bytes, rows: Math.max(0, lines - 1) })
    })
    worker.on('error', reject)
  })
  done.catch(() => onSending())
  return { sending, done }
}
