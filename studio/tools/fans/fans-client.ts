/**
 * The Studio's client for the show alerts' admin API (server/show-alerts/alerts-admin-router.ts): plain fetch
 * with the signed-in user's bearer token, same origin as the Studio.
 */
import type { AlertPreview, AlertsOverview } from '../../../server/show-alerts/alerts-admin-types'

export type { AlertPreview, AlertsOverview }

export const ALERTS_API_PATH = '/api/newsletter/admin/alerts'

export function createFansClient({ baseUrl = '', token }: { baseUrl?: string; token: string | undefined }) {
  async function getJson<T>(path: string): Promise<T> {
    const res = await fetch(`${baseUrl}${ALERTS_API_PATH}${path}`, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    })
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null
      throw new Error(body?.message ?? res.statusText)
    }
    return (await res.json()) as T
  }
  return {
    overview: () => getJson<AlertsOverview>(''),
    /** The mail a show's fans would get, from its draft if it has one. */
    preview: (showId: string) => getJson<AlertPreview>(`/preview?show=${encodeURIComponent(showId)}`),
  }
}

export type FansClient = ReturnType<typeof createFansClient>
