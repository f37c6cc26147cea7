/**
 * What never goes to the log (issue 12): bearer secrets, one-time sids, newsletter confirm/unsubscribe
 * tokens and e-mail addresses. Logs are copied, pasted into tickets and kept longer than sessions live.
 */
export const REDACTED = '[redacted]'

/** Query parameters whose values are secrets or personal data wherever they appear. */
const SECRET_PARAMS = new Set([
  'token',
  'sid',
  'access_token',
  'password',
  'email',
  'q',
  'secret',
  // The Studio's preview secret: opens a draft session (issue 36).
  'sanity-preview-secret',
])

/** Our secrets by prefix (accounts/secret-token.ts), and anything shaped like an e-mail address. */
const SECRET_TEXT =
  /\blf[sti]_[A-Za-z0-9_-]{8,}|[^\s@/?&=:;,"'<>()[\]]+(?:@|%40)[^\s@/?&=:;,"'<>()[\]]+\.[A-Za-z]{2,}/g

export function redactText(text: string): string {
  return text.replace(SECRET_TEXT, REDACTED)
}

/** A request URL as it may be logged: secret parameters' values and secret-shaped text replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  if (question === -1) return redactText(url)
  const path = url.slice(0, question)
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return pair
      let name = pair.slice(0, equals)
      try {
        name = decodeURIComponent(name)
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, equals)}=${REDACTED}` : pair
    })
    .join('&')
  return redactText(`${path}?${query}`)
}
