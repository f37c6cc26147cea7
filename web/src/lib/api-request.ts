/**
 * The request helpers of docs/fan-site-rules.md §7-8: JSON in and out, credentials always included, and one error format,
 * "{status}: {message}", so retry rules can read the status from the message.
 */

/** Throws "{status}: {message}" for a non-OK response; the message comes from the body when it has one. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = await res.text().catch(() => '')
  let message = res.statusText
  if (text) {
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown }
      const fromBody = body.message ?? body.error
      message = typeof fromBody === 'string' && fromBody ? fromBody : res.statusText
    } catch {
      message = text
    }
  }
  throw new Error(`${res.status}: ${message}`)
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Sends `data` as JSON when given, asks for JSON, includes credentials; resolves to the OK response. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (data !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(url, {
    method,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  })
  await throwIfResNotOk(res)
  return res
}

export type UnauthorizedBehavior = 'throw' | 'returnNull'

/**
 * The default query function: GET the first element of the query key as a URL and read JSON.
 * A 401 throws by default; `returnNull` turns it into `null` for queries that treat "logged out" as data.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(String(queryKey[0]), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfResNotOk(res)
    return (await res.json()) as T
  }
}
