import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { PreviewPerspective } from '../../web/src/lib/preview/preview-contract'

/** The draft session's cookie: HttpOnly, SameSite=Strict, Secure over HTTPS (ADR 160). */
export const DRAFT_COOKIE = 'site_draft_session'

/** A draft session ends after this long without a request, and at the latest this long after it began. */
export const DRAFT_SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const DRAFT_SESSION_MAX_MS = 12 * 60 * 60 * 1000
/** Sessions kept at once; past it the oldest is forgotten (its browser sees the published site again). */
const MAX_SESSIONS = 1_000

type Session = { startedAt: number; lastUsedAt: number; perspective: PreviewPerspective }

/** A live draft session as a request names it: the cookie's id and what its pages show. */
export type LiveSession = { id: string; perspective: PreviewPerspective }

export type DraftSessions = {
  /** Starts a session for one browser and returns its id, the cookie's value. */
  start: (perspective?: PreviewPerspective) => string
  /**
   * The request's live session, marked used: its id and what it shows; undefined without one. Asked once per
   * request, by its content view (content-view.ts).
   */
  lookup: (req: IncomingMessage) => LiveSession | undefined
  /** Switches what the request's live session shows; false without one. */
  setPerspective: (req: IncomingMessage, perspective: PreviewPerspective) => boolean
  /** Ends the request's session, if any. */
  end: (req: IncomingMessage) => void
  /** The Set-Cookie value that holds a session id, or that clears the cookie when `id` is undefined. */
  cookie: (id: string | undefined, secure: boolean) => string
}

/** The value of one cookie in a Cookie header, without parsing the rest. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * Draft sessions in memory: a random id per browser that opened the preview with a valid secret from the Studio.
 * Nothing about the session is in the cookie but its id, so a forged or stale cookie names no session, and a
 * restart ends every session (the Presentation tool starts a new one when it loads the preview).
 */
export function createDraftSessions({ now = () => Date.now() }: { now?: () => number } = {}): DraftSessions {
  const sessions = new Map<string, Session>()
  const live = (session: Session, at: number) =>
    at - session.lastUsedAt < DRAFT_SESSION_IDLE_MS && at - session.startedAt < DRAFT_SESSION_MAX_MS
  const idOf = (req: IncomingMessage) => cookieValue(req.headers.cookie, DRAFT_COOKIE)
  /** The request's live session, marked used; an expired one is forgotten. */
  const sessionOf = (req: IncomingMessage): Session | undefined => {
    const id = idOf(req)
    const session = id === undefined ? undefined : sessions.get(id)
    if (!session) return undefined
    const at = now()
    if (!live(session, at)) {
      sessions.delete(id!)
      return undefined
    }
    session.lastUsedAt = at
    return session
  }
  return {
    start(perspective = 'drafts') {
      const id = randomBytes(32).toString('base64url')
      const at = now()
      if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!)
      sessions.set(id, { startedAt: at, lastUsedAt: at, perspective })
      return id
    },
    lookup(req) {
      const session = sessionOf(req)
      return session && { id: idOf(req)!, perspective: session.perspective }
    },
    setPerspective(req, perspective) {
      const session = sessionOf(req)
      if (session) session.perspective = perspective
      return session !== undefined
    },
    end(req) {
      const id = idOf(req)
      if (id !== undefined) sessions.delete(id)
    },
    cookie(id, secure) {
      const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])]
      return id === undefined
        ? [`${DRAFT_COOKIE}=`, ...attributes, 'Max-Age=0'].join('; ')
        : [`${DRAFT_COOKIE}=${id}`, ...attributes, `Max-Age=${DRAFT_SESSION_MAX_MS / 1000}`].join('; ')
    },
  }
}
