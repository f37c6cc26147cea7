import { Router } from 'express'
import { jsonBody } from '../../http/json-limits'
import { z } from 'zod'
import type { Accounts } from '../accounts/accounts'
import { ANONYMOUS, badRequest, identityOf, notAuthenticated } from '../engine'
import { requireSignedIn } from './require-role'
import { rolesOf } from './roles'

const KeyValueBody = z
  .array(z.object({ key: z.string().min(1).max(200), value: z.unknown() }))
  .min(1)
  .max(100)

/** Transaction authors that are not accounts (seed on first start, imports, the CLI). */
const SYSTEM_AUTHORS: Record<string, string> = {
  seed: 'Seed content',
  import: 'Import',
  cli: 'Command line',
  anonymous: 'Anonymous',
}

/** `/users/me`, `/users/:ids` and the Studio's per-user key-value settings. */
export function createUsersRouter(accounts: Accounts): Router {
  const router = Router()

  router.get('/users/me', (_req, res) => {
    const principal = res.locals.principal ?? ANONYMOUS
    res.set('Cache-Control', 'no-store')
    // 401 is how the Studio learns it is logged out (any other error makes it suspect CORS).
    if (principal.kind === 'anonymous') throw notAuthenticated()
    if (principal.kind === 'user') {
      return res.json({
        id: principal.userId,
        name: principal.name,
        email: principal.email,
        provider: 'local',
        role: principal.role,
        roles: rolesOf(principal.role),
      })
    }
    res.json({
      id: identityOf(principal),
      name: principal.label,
      email: '',
      provider: 'token',
      role: principal.role,
      roles: rolesOf(principal.role),
    })
  })

  router.get('/users/me/keyvalue{/:keys}', requireSignedIn, (req, res) => {
    const keys = String(req.params.keys ?? '')
      .split(',')
      .filter(Boolean)
    res.set('Cache-Control', 'no-store').json(accounts.keyValues.get(identityOf(res.locals.principal!), keys))
  })

  router.put('/users/me/keyvalue', requireSignedIn, jsonBody({ limit: 256 * 1024 }), (req, res) => {
    const parsed = KeyValueBody.safeParse(req.body)
    if (!parsed.success) throw badRequest('Body must be an array of {key, value}')
    res.json(accounts.keyValues.set(identityOf(res.locals.principal!), parsed.data))
  })

  router.get('/users/:ids', requireSignedIn, (req, res) => {
    const ids = String(req.params.ids).split(',').filter(Boolean)
    type PublicUser = { id: string; displayName: string; email?: string; imageUrl: null; isRobot?: boolean }
    const found = ids.flatMap((id): PublicUser[] => {
      const user = accounts.users.get(id)
      if (user) return [{ id: user.id, displayName: user.name, email: user.email, imageUrl: null }]
      const system = SYSTEM_AUTHORS[id]
      if (system) return [{ id, displayName: system, imageUrl: null, isRobot: true }]
      const token = id.startsWith('token-') ? accounts.apiTokens.get(id.slice('token-'.length)) : null
      return token ? [{ id, displayName: token.label, imageUrl: null, isRobot: true }] : []
    })
    // Like Sanity: one id answers an object, several an array. An unknown single id answers an empty array
    // rather than 404: the Studio's user store throws on any error but 403, which would break the history view.
    res.json(ids.length === 1 && found[0] ? found[0] : found)
  })

  return router
}
