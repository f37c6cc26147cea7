import type { APIRequestContext } from '@playwright/test'
import { createClient, type SanityClient } from '@sanity/client'
import { E2E_ADMIN } from './accounts'

const API_VERSION = '2025-02-19'

/**
 * Posts the administrator's password to the provider's page as the browser does (its CSRF cookie and field) and
 * returns the one-time session id it hands back on the redirect to `${baseUrl}/admin/#sid=…` (ADR 020).
 */
export async function passwordSessionId(
  request: APIRequestContext,
  baseUrl: string,
  account: { email: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const providers = (await (
    await request.get(`${baseUrl}/content/v${API_VERSION}/auth/providers`)
  ).json()) as {
    providers: { url: string }[]
  }
  const loginUrl = providers.providers[0]!.url
  const origin = `${baseUrl}/admin/`
  const form = await (await request.get(`${loginUrl}?origin=${encodeURIComponent(origin)}`)).text()
  const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1]
  if (!csrf) throw new Error('No CSRF token on the sign-in page')
  const signedIn = await request.post(loginUrl, {
    form: { email: account.email, password: account.password, csrf, origin },
    maxRedirects: 0,
  })
  const sid = /#sid=(.+)$/.exec(signedIn.headers()['location'] ?? '')?.[1]
  if (!sid) throw new Error(`Sign-in failed with HTTP ${signedIn.status()}`)
  return sid
}

/**
 * Signs in to a server's content API the way the Studio does (ADR 020): the session id from the password page,
 * exchanged at /auth/fetch for a session token.
 */
export async function signInToContent(
  request: APIRequestContext,
  baseUrl: string,
  account: { email: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const sid = await passwordSessionId(request, baseUrl, account)
  const fetched = await request.get(`${baseUrl}/content/v${API_VERSION}/auth/fetch?sid=${sid}`)
  return ((await fetched.json()) as { token: string }).token
}

/** The official client, configured as the Studio is for the embedded content API. */
export function contentClient(baseUrl: string, token: string): SanityClient {
  return createClient({
    apiHost: `${baseUrl}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: API_VERSION,
    useCdn: false,
    token,
  })
}
