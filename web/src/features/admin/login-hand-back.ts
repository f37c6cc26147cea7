/**
 * The embedded content API's login page hands back to `/admin#sid=<session id>`; the Studio swaps the sid
 * for a token at `/auth/fetch`. Studio 5.27 has a race there: its first `/users/me` (without a token) and
 * the swap run at the same time, and when the swap finishes first the new token is never picked up, so the
 * login screen comes back although the sign-in worked. Doing the swap here, before the Studio's code is
 * loaded, leaves the token in the storage the Studio reads at start-up. (Sanity's hosted login sets
 * cookies instead, so this only runs for the embedded backend.)
 */
export const SID_PATTERN = /sid=([^&]{20,})&?/

/** Where Studio 5.27 keeps the token with `loginMethod: 'token'` (`store/authStore/constants.ts`). */
export const studioTokenKey = (projectId: string) => `__studio_auth_token_${projectId}`

/** The API version the Studio itself uses for `/auth/fetch`. */
const AUTH_API_VERSION = 'v2026-05-04'

export async function exchangeLoginHandBack({
  projectId,
  apiBase,
  location = window.location,
  history = window.history,
  storage = window.localStorage,
  fetchImpl = fetch,
}: {
  projectId: string
  /** The content API's base, e.g. `/content`. */
  apiBase: string
  location?: Pick<Location, 'hash' | 'href'>
  history?: Pick<History, 'replaceState'>
  storage?: Pick<Storage, 'setItem'>
  fetchImpl?: typeof fetch
}): Promise<'no-hand-back' | 'signed-in' | 'failed'> {
  const sid = SID_PATTERN.exec(location.hash)?.[1]
  if (!sid) return 'no-hand-back'
  // The sid is single-use: take it out of the address bar (and history) before anything else reads it.
  const url = new URL(location.href)
  const rest = location.hash.replace(SID_PATTERN, '')
  url.hash = rest.length > 1 ? rest : ''
  history.replaceState(history === window.history ? window.history.state : null, '', url)
  try {
    const response = await fetchImpl(
      `${apiBase}/${AUTH_API_VERSION}/auth/fetch?sid=${encodeURIComponent(sid)}`,
      { credentials: 'same-origin', headers: { accept: 'application/json' } },
    )
    if (!response.ok) return 'failed'
    const { token } = (await response.json()) as { token?: unknown }
    if (typeof token !== 'string' || !token) return 'failed'
    storage.setItem(studioTokenKey(projectId), JSON.stringify({ token }))
    return 'signed-in'
  } catch {
    // The Studio shows its login screen again; signing in once more works.
    return 'failed'
  }
}
