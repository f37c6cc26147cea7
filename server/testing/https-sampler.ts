/**
 * A fan's HTTP/2 client for the abuse bench: GETs over one kept connection to the HTTPS port (as a browser keeps
 * one per origin), a new connection after any failure. Loopback only; the certificate is the server's own.
 */
import http2 from 'node:http2'

export type HttpsGet = { ok: boolean; status?: number; ms: number }

export function httpsSampler(origin: string) {
  let session: http2.ClientHttp2Session | undefined
  const connect = () => {
    if (session && !session.destroyed && !session.closed) return session
    const fresh = http2.connect(origin, { rejectUnauthorized: false })
    fresh.on('error', () => {})
    session = fresh
    return fresh
  }
  return {
    /** GET `path`, body read to the end; not ok on a failure, a status of 400 or more, or `timeoutMs`. */
    get(path: string, timeoutMs = 10_000): Promise<HttpsGet> {
      const started = performance.now()
      const current = connect()
      return new Promise((resolve) => {
        let status: number | undefined
        const done = (ok: boolean) => {
          clearTimeout(timer)
          if (!ok) current.destroy()
          resolve({ ok, status, ms: performance.now() - started })
        }
        const timer = setTimeout(() => done(false), timeoutMs)
        try {
          const stream = current.request({ ':path': path })
          stream.on('response', (headers) => (status = Number(headers[':status'])))
          stream.on('error', () => done(false))
          stream.on('end', () => done(status !== undefined && status < 400))
          stream.resume()
        } catch {
          done(false)
        }
      })
    },
    close: () => session?.destroy(),
  }
}
