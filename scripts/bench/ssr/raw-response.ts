import { request } from 'node:http'
import { connect } from 'node:net'
import { ACCEPT_ENCODING } from './load'

/** Headers Node writes by itself on every response; the site's own are copied to the bare baseline. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * `GET /` with `Accept-Encoding: gzip` as sent (fetch would inflate it): the body's bytes and the head as a flat
 * `[name, value, ...]` list without the headers Node adds by itself.
 */
export function rawGet(port: number): Promise<{ body: Buffer; head: string[]; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/',
      headers: { 'accept-encoding': ACCEPT_ENCODING },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const head: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!NODE_OWN_HEADERS.has(res.rawHeaders[i]!.toLowerCase()))
            head.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
        }
        resolve({ body: Buffer.concat(chunks), head, encoding: res.headers['content-encoding'] })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The bytes of one whole `GET /` response on a keep-alive connection, head included. */
export function responseBytes(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const headEnd = received.indexOf('\r\n\r\n')
      const length = /content-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))
      if (headEnd >= 0 && length && received.length >= headEnd + 4 + Number(length[1])) {
        socket.destroy()
        resolve(received.length)
      }
    })
    socket.on('error', reject)
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: ${ACCEPT_ENCODING}\r\n\r\n`)
  })
}
