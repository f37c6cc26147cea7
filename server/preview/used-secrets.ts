/** How long a preview secret is valid (@sanity/preview-url-secret's SECRET_TTL), so how long its use is kept. */
const SECRET_TTL_MS = 60 * 60 * 1000
/** Secrets remembered at once; past it the oldest is forgotten (it is then an hour old at most by far). */
const MAX_REMEMBERED = 10_000

export type UsedSecrets = {
  /** The draft session a secret started, if it was used within its lifetime. */
  sessionOf: (secret: string) => string | undefined
  /** Records that `secret` started `session`. */
  use: (secret: string, session: string) => void
}

/**
 * Preview secrets are single-use (issue 36): the first browser that opens the preview with one gets the draft
 * session, and the secret opens no other. In memory: a restart ends every session anyway, and the Studio makes a
 * new secret whenever the Presentation tool loads.
 */
export function createUsedSecrets({ now = () => Date.now() }: { now?: () => number } = {}): UsedSecrets {
  const used = new Map<string, { session: string; at: number }>()
  return {
    sessionOf(secret) {
      const entry = used.get(secret)
      if (!entry) return undefined
      if (now() - entry.at < SECRET_TTL_MS) return entry.session
      used.delete(secret)
      return undefined
    },
    use(secret, session) {
      if (used.size >= MAX_REMEMBERED) used.delete(used.keys().next().value!)
      used.set(secret, { session, at: now() })
    },
  }
}
