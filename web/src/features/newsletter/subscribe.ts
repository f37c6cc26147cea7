import { apiRequest } from '../../lib/api-request'
import { DEFAULT_LOCALE, type Locale } from '../../lib/i18n/locale-contract'
import { HONEYPOT_FIELD, type SubscribePayload } from './subscribe-contract'

export const SUBSCRIBE_URL = '/api/newsletter/subscribe'

export type SubscribeResult = { message: string }

/**
 * docs/fan-site-rules.md §7: POST {firstName, lastName, email} with credentials. The honeypot travels only when something
 * filled it in, `areas` only when the fan chose an area (docs/fan-site-rules.md §10), and `language` only from a
 * page in another language than English (ADR 193), so a person who keeps "Everywhere" on an English page sends
 * exactly the payload of docs/fan-site-rules.md §7. The server stores the consent text of that language.
 */
export async function subscribe(
  payload: SubscribePayload,
  honeypot = '',
  area = '',
  language: Locale = DEFAULT_LOCALE,
): Promise<SubscribeResult> {
  const body = {
    ...payload,
    ...(area ? { areas: [area] } : {}),
    ...(language !== DEFAULT_LOCALE ? { language } : {}),
    ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
  }
  const res = await apiRequest('POST', SUBSCRIBE_URL, body)
  return (await res.json()) as SubscribeResult
}

/**
 * The HTTP status and message of a failed sign-up ("429: Too many..." -> 429 and "Too many...": the prefix is for
 * retry rules, not for people); status 0 when no answer came (offline, network error).
 */
export function failureOf(error: unknown): { status: number; message: string } {
  const message = error instanceof Error ? error.message : String(error)
  const match = /^(\d{3}): /.exec(message)
  return match
    ? { status: Number(match[1]), message: message.slice(match[0].length) }
    : { status: 0, message }
}
