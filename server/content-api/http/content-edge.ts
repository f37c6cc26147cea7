import { Router, type Request, type RequestHandler } from 'express'
import type { Accounts } from '../accounts/accounts'
import { createAuthenticate } from '../auth/authenticate'
import { createLoginRouter } from '../auth/login-router'
import { createSessionRouter } from '../auth/session-router'
import { createUsersRouter } from '../auth/users-router'
import { createStudioStubsRouter, type ProjectInfo } from './studio-stubs'

export type ContentEdgeOptions = {
  accounts: Accounts
  project: ProjectInfo
  /** Where the content API is mounted, `/content`; the login page URL is built from it. */
  mountPath: string
  allowedHosts?: string[]
  /** The origin for absolute URLs (the login page's); default: the request's. */
  publicOrigin?: (req: Request) => string
  /** Extra routers the edge owns (assets), split like the edge's own. */
  assets?: { versioned: Router; root: Router }
}

export type ContentEdge = {
  /** Resolves `Authorization: Bearer` into `res.locals.principal`; 401 for unknown or expired secrets. */
  authenticate: RequestHandler
  /** Routes under `/v{version}` (auth, users, ACL, Studio stubs, asset upload), version prefix already removed. */
  versioned: Router
  /** Routes without a version prefix: the login page and asset serving (`/images/...`, `/files/...`). */
  root: Router
}

/** The accounts-and-assets half of the content API, for the content router to mount. */
export function createContentEdge(options: ContentEdgeOptions): ContentEdge {
  const { accounts, project, mountPath } = options
  const versioned = Router()
  versioned.use(
    createSessionRouter(accounts, {
      loginPath: `${mountPath}/auth/login`,
      publicOrigin: options.publicOrigin,
    }),
  )
  versioned.use(createUsersRouter(accounts))
  versioned.use(createStudioStubsRouter(accounts, project))
  if (options.assets) versioned.use(options.assets.versioned)

  const root = Router()
  root.use(createLoginRouter({ accounts, allowedHosts: options.allowedHosts, bandName: project.displayName }))
  if (options.assets) root.use(options.assets.root)

  return { authenticate: createAuthenticate(accounts), versioned, root }
}
