import { request } from 'node:http'

export type Answer = { status: number; bytes: number; etag?: string; ms: number; body: Buffer }

/**
 * `GET url` as sent (fetch would inflate a compressed body): status, the body's bytes on the wire, its ETag and
 * the time to the last byte. `encoding` is the Accept-Encoding; none by default, so `bytes` is the raw size.
 */
export function get(url: string, options: { encoding?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now()
    const req = request(url, {
      headers: { ...(options.encoding ? { 'accept-encoding': options.encoding } : {}), ...options.headers },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({
          status: res.statusCode ?? 0,
          bytes: body.length,
          etag: res.headers.etag,
          ms: performance.now() - started,
          body,
        })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** `get`, failing unless the answer is 200. */
export async function getOk(url: string, options?: Parameters<typeof get>[1]): Promise<Answer> {
  const answer = await get(url, options)
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`)
  return answer
}
