import { once } from 'node:events'
import { Worker } from 'node:worker_threads'

export type Download = { status: number; ms: number; bytes: number; rows: number; error?: string }

/** What a browser's download (the Studio's Subscribers tool) asks for: the export comes gzipped. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' }

// Plain JavaScript for the worker (it runs without the TypeScript loader), at the lowest priority: the download
// stands for an admin's browser on another machine, so its reading must not take a core from the thread that
// times the fans' requests. For each address it is sent, post
// 'sending' just before the request goes out, GET it, read the body to the last byte (the time taken), post
// 'received', then count its lines (gunzipped in this thread, when it came gzipped) and post the figures. The
// counting comes after 'received' so that it falls outside the export's time: an admin's browser elsewhere does
// its own unpacking on its own cores.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
try { require('node:os').setPriority(19) } catch {}
const { request } = require('node:http')
const { gunzipSync } = require('node:zlib')
const countLines = (body) => {
  let newlines = 0
  for (let i = body.indexOf(10); i !== -1; i = body.indexOf(10, i + 1)) newlines++
  return newlines + (body.length > 0 && body[body.length - 1] !== 10 ? 1 : 0)
}
parentPort.on('message', ({ url, headers }) => {
  parentPort.postMessage({ sending: true })
  const started = performance.now()
  const req = request(url, { headers })
  req.on('response', (res) => {
    const chunks = []
    let bytes = 0
    res.on('data', (chunk) => {
      bytes += chunk.length
      chunks.push(chunk)
    })
    res.on('end', () => {
      const ms = performance.now() - started
      parentPort.postMessage({ received: true })
      const body = Buffer.concat(chunks)
      const plain = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body
      parentPort.postMessage({ status: res.statusCode, ms, bytes, lines: countLines(plain) })
    })
    res.on('error', (error) => parentPort.postMessage({ error: String(error) }))
  })
  req.on('error', (error) => parentPort.postMessage({ error: String(error) }))
  req.end()
})
`

type Message = { sending?: true; received?: true; error?: string; lines?: number } & Download

/**
 * A worker thread that downloads, so that reading a large download does not hold the caller's event loop (and
 * whatever the caller times meanwhile, such as paced `GET /`s, measures the server, not its own reading). It is
 * started once and kept: a thread's start, with its own heap, is work the caller's process would otherwise do at
 * the start of every download. One download at a time: `download` resolves `sending` when the request is about
 * to go out, `received` at the body's last byte (or a failure), and `done` with the status, the time to the last
 * byte, the bytes and the rows of a CSV body (lines but its header).
 */
export async function startDownloader() {
  const worker = new Worker(WORKER_SOURCE, { eval: true })
  await once(worker, 'online')
  let current: {
    url: string
    sent: () => void
    received: () => void
    resolve: (d: Download) => void
    reject: (e: Error) => void
  } | null = null
  worker.on('message', (message: Message) => {
    if (!current) return
    if (message.sending) return current.sent()
    if (message.received) return current.received()
    const { url, resolve, reject } = current
    current = null
    if (message.error) return reject(new Error(`GET ${url}: ${message.error}`))
    const { status, ms, bytes, lines = 0 } = message
    resolve({ status, ms, bytes, rows: Math.max(0, lines - 1) })
  })
  worker.on('error', (error) => current?.reject(error))
  return {
    download(url: string, headers: Record<string, string> = {}) {
      if (current) throw new Error(`GET ${url}: the downloader is still reading ${current.url}`)
      let sent!: () => void
      let received!: () => void
      const sending = new Promise<void>((resolve) => (sent = resolve))
      const bodyRead = new Promise<void>((resolve) => (received = resolve))
      const done = new Promise<Download>((resolve, reject) => {
        current = { url, sent, received, resolve, reject }
      })
      done.then(received, () => {
        sent()
        received()
      })
      worker.postMessage({ url, headers })
      return { sending, received: bodyRead, done }
    },
    close: () => worker.terminate().then(() => undefined),
  }
}
