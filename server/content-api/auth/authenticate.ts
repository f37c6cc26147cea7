import type { RequestHandler } from 'express'
import type { Accounts } from '../accounts/accounts'
import { secretKind } from '../accounts/secret-token'
import { ANONYMOUS, ContentApiError, type Principal } from '../engine'
import { sendContentApiError } from '../http/error-handler'
import { carriesSecretsSafely, insecureTransport } from './transport'

declare module 'express-serve-static-core' {
  interface Locals {
    /** The login session behind the principal, so `/auth/logout` can revoke it. */
    sessionId?: string
  }
}

/** Resolves a bearer secret (session or API token) into a principal, or null when it is unknown or expired. */
export function resolveBearer(
  accounts: Accounts,
  secret: string,
): { principal: Principal; sessionId?: string } | null {
  switch (secretKind(secret)) {
    case 'session': {
      const session = accounts.sessions.resolve(secret)
      const user = session && accounts.users.get(session.userId)
      if (!session || !user) return null
      return {
        principal: { kind: 'user', userId: user.id, name: user.name, email: user.email, role: user.role },
        sessionId: session.id,
      }
    }
    case 'token': {
      const token = accounts.apiTokens.resolve(secret)
      return token
        ? { principal: { kind: 'token', tokenId: token.id, label: token.label, role: token.role } }
        : null
    }
    default:
      return null
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Sets `res.locals.principal` for every request. No bearer Authorization header means anonymous (published content
 * and assets only); a header that does not resolve is a 401, never a silent downgrade to anonymous, so a
 * script with a revoked token fails loudly. No cookies: the Studio runs with `loginMethod: 'token'`.
 */
export function createAuthenticate(accounts: Accounts): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization')
    // Other schemes (e.g. Basic from a password-protected staging proxy) are not ours to judge.
    if (!header || !/^Bearer\s/i.test(header)) {
      res.locals.principal = ANONYMOUS
      return next()
    }
    // A token sent in clear text from another machine is refused before it is even looked up.
    if (!carriesSecretsSafely(req)) return sendContentApiError(res, insecureTransport())
    const secret = BEARER.exec(header)?.[1]
    const resolved = secret ? resolveBearer(accounts, secret) : null
    if (!resolved) {
      // Signing out with an already expired session must still succeed, or the Studio keeps the dead token.
      if (req.method === 'POST' && req.path.endsWith('/auth/logout')) {
        res.locals.principal = ANONYMOUS
        return next()
      }
      res.set('WWW-Authenticate', 'Bearer')
      return sendContentApiError(
        res,
        new ContentApiError(401, 'unauthorized', 'Session not found or expired; sign in again'),
      )
    }
    res.locals.principal = resolved.principal
    res.locals.sessionId = resolved.sessionId
    next()
  }
}
