/**
 * The Studio's client for the subscriber admin API (server/newsletter/admin-router.ts). Plain fetch with the
 * signed-in user's bearer token (or, in Sanity cloud mode, NEWSLETTER_ADMIN_TOKEN); same origin as the Studio.
 */
import type {
  AdminSubscriber,
  ListParams,
  SubscriberPage,
  SubscriberStatus,
} from '../../../server/newsletter/admin-api-types'

export type { AdminSubscriber, ListParams, SubscriberPage, SubscriberStatus }

export const ADMIN_API_PATH = '/api/newsletter/admin'

export class SubscribersApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'SubscribersApiError'
  }
}

function query(params: ListParams): string {
  const search = new URLSearchParams()
  if (params.status) search.set('status', params.status)
  if (params.q?.trim()) search.set('q', params.q.trim())
  if (params.limit !== undefined) search.set('limit', String(params.limit))
  if (params.offset) search.set('offset', String(params.offset))
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function createSubscribersClient({
  baseUrl = '',
  token,
}: {
  baseUrl?: string
  token: string | undefined
}) {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${baseUrl}${ADMIN_API_PATH}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    })
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null
      throw new SubscribersApiError(res.status, body?.message ?? res.statusText)
    }
    return res
  }
  return {
    async list(params: ListParams): Promise<SubscriberPage> {
      return (await (await call(`/subscribers${query(params)}`)).json()) as SubscriberPage
    },
    /** The CSV (UTF-8 with BOM) and the file name the server suggests. */
    async exportCsv(params: Pick<ListParams, 'status' | 'q'>): Promise<{ blob: Blob; fileName: string }> {
      const res = await call(`/subscribers.csv${query(params)}`)
      const disposition = res.headers.get('content-disposition') ?? ''
      const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'subscribers.csv'
      return { blob: await res.blob(), fileName }
    },
    async unsubscribe(id: string): Promise<AdminSubscriber> {
      const res = await call(`/subscribers/${encodeURIComponent(id)}/unsubscribe`, { method: 'POST' })
      return ((await res.json()) as { subscriber: AdminSubscriber }).subscriber
    },
    async erase(id: string): Promise<void> {
      await call(`/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' })
    },
  }
}

export type SubscribersClient = ReturnType<typeof createSubscribersClient>
