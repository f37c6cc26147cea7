import { Router, type RequestHandler } from 'express'
import type { Accounts } from '../accounts/accounts'
import { grantsFor } from '../auth/acl'
import { rolesOf } from '../auth/roles'
import { ANONYMOUS, identityOf, notFound } from '../engine'

export type ProjectInfo = {
  projectId: string
  /** The band's name from the site settings (ADR 074). */
  displayName: () => Promise<string>
  createdAt: string
  /** The datasets that exist now (the content store creates them). */
  datasetNames: () => string[]
}

/** Active releases a dataset may hold, as the Studio's limit check reads it (ADR 180). */
const MAX_ACTIVE_RELEASES = 1000

const unknownPath: RequestHandler = (req) => {
  throw notFound(`Not found: ${req.path}`)
}

/** `projects/:projectId`: the project, and its members for signed-in callers. */
function projectAnswer(accounts: Accounts, project: ProjectInfo): RequestHandler {
  return async (_req, res) => {
    // Who has an account and with which role is for signed-in users only (issue 12): anonymous gets none.
    const signedIn = (res.locals.principal ?? ANONYMOUS).kind !== 'anonymous'
    const members = (signedIn ? accounts.users.list() : []).map((user) => ({
      id: user.id,
      role: user.role,
      roles: rolesOf(user.role),
      isRobot: false,
      isCurrentUser: user.id === identityOf(res.locals.principal ?? ANONYMOUS),
      createdAt: user.createdAt,
    }))
    res.json({
      id: project.projectId,
      displayName: await project.displayName(),
      studioHost: null,
      isBlocked: false,
      isDisabled: false,
      isDisabledByUser: false,
      activityFeedEnabled: false,
      organizationId: null,
      metadata: {},
      createdAt: project.createdAt,
      features: [],
      members,
      pendingInvites: 0,
      maxRetentionDays: 3650,
    })
  }
}

/** `projects/:projectId/datasets`: every dataset, public, and no add-on datasets. */
function datasetsAnswer(project: ProjectInfo): RequestHandler {
  return (req, res) => {
    // The comments add-on lookup must find nothing, or the Studio tries to use a comments dataset.
    if (req.query.datasetProfile || req.query.addonFor) return res.json([])
    res.json(
      project.datasetNames().map((name) => ({
        name,
        aclMode: 'public',
        createdAt: project.createdAt,
        createdByUserId: null,
        addonFor: null,
        datasetProfile: 'content',
        features: [],
        tags: [],
      })),
    )
  }
}

/**
 * Everything else the Studio asks the API for (ADR 102), answered so that hosted-only features switch
 * themselves off: no feature flags, telemetry denied, no comments dataset, no upsell journeys.
 */
export function createStudioStubsRouter(accounts: Accounts, project: ProjectInfo): Router {
  const router = Router()
  const knownProject: RequestHandler = (req, _res, next) => {
    if (req.params.projectId !== project.projectId) throw notFound('Project not found')
    next()
  }
  const knownDataset: RequestHandler = (req, _res, next) => {
    if (!project.datasetNames().includes(String(req.params.dataset))) throw notFound('Dataset not found')
    next()
  }

  router.get('/ping', (_req, res) => res.set('Cache-Control', 'no-store').type('text').send('PONG'))
  router.get('/data/ping/:dataset', knownDataset, (_req, res) =>
    res.set('Cache-Control', 'no-store').type('text').send('PONG'),
  )

  // Content Releases and Scheduled Drafts are served by this API (ADR 180); comments, tasks and the legacy
  // scheduled-publishing plugin are not, so their keys stay out (hooks/useFeatureEnabled.ts).
  router.get('/features', (_req, res) => res.json(['contentReleases', 'singleDocRelease']))
  // The release tool's limits check: no organisation quota, and as many active releases as a dataset holds.
  router.get('/projects/:projectId/new-content-release-allowed', knownProject, (_req, res) =>
    res.set('Cache-Control', 'no-store').json({
      data: {
        datasetReleaseLimit: MAX_ACTIVE_RELEASES,
        orgActiveReleaseLimit: null,
        orgMeteredActiveReleaseCount: 0,
      },
    }),
  )
  router.get('/intake/telemetry-status', (_req, res) => res.json({ status: 'denied' }))
  router.post('/intake/batch', (_req, res) => res.status(204).end())

  router.get('/projects/:projectId', knownProject, projectAnswer(accounts, project))
  router.get('/projects/:projectId/datasets', knownProject, datasetsAnswer(project))

  router.get('/projects/:projectId/datasets/:dataset/acl', knownProject, knownDataset, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(grantsFor(res.locals.principal ?? ANONYMOUS))
  })

  // Project grants (Studio 6 asks at every start): a signed-in user reads the project and its members. Nobody is
  // offered what happens only on Sanity's side: invitations (accounts come from the content CLI) and deploying the
  // Studio's schema to Sanity's schema service.
  router.get('/projects/:projectId/grants', knownProject, (_req, res) => {
    const signedIn = (res.locals.principal ?? ANONYMOUS).kind !== 'anonymous'
    const read = [{ grants: [{ name: 'read', params: {} }], config: {} }]
    res
      .set('Cache-Control', 'no-store')
      .json(signedIn ? { 'sanity.project': read, 'sanity.project.members': read } : {})
  })

  router.get('/projects/:projectId/user-applications', (_req, res) => res.json([]))

  // Sanity's cloud-only services, answered with what the Studio reads as "nothing here", so it neither logs a
  // failed request nor retries (ADR 102). Upsell and trial journeys: no data, no dialog.
  router.get(/^\/journey(\/.*)?$/, (_req, res) => res.json(null))
  // The plan's subscriptions (the Releases tool reads an archive retention from them): none, so it names no
  // removal date for archived releases.
  router.get('/subscriptions/project/:projectId', knownProject, (_req, res) => res.json(null))
  router.post(/^\/journey(\/.*)?$/, (_req, res) => res.status(204).end())
  // The help menu's resource list: none, so it shows its built-in links.
  router.get('/help', (_req, res) => res.json({}))
  // Schema descriptors for Sanity's schema service: reported complete, nothing to upload.
  router.post('/descriptors/claim', (_req, res) => res.json({ synchronization: { type: 'complete' } }))
  router.post('/descriptors/synchronize', (_req, res) => res.json({ type: 'complete' }))
  // Asked after a failed event stream, to tell a CORS problem from others: every origin here is allowed.
  router.get('/check/cors', (_req, res) =>
    res.set('Cache-Control', 'no-store').json({ result: { allowed: true, withCredentials: true } }),
  )
  // References from other datasets and projects (the delete dialog asks): this API has no cross-dataset
  // references, so there are none. References within the dataset the Studio finds with GROQ itself.
  router.get('/data/references/:dataset/documents/:id/to', knownDataset, (req, res, next) =>
    req.query.excludeInternalReferences === 'true' ? res.json({ totalCount: 0, references: [] }) : next(),
  )
  router.use('/descriptors', unknownPath)
  router.use('/schedules', unknownPath)

  return router
}
