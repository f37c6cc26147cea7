import { Router, type RequestHandler } from 'express'
import type { Accounts } from './accounts/accounts'
import { grantsFor } from './auth/acl'
import { rolesOf } from './auth/roles'
import { ANONYMOUS } from './principal'
import { identityOf } from './access'
import { sendSanityError } from './sanity-error'

export type ProjectInfo = {
  projectId: string
  displayName: string
  createdAt: string
  /** The datasets that exist now (the content store creates them). */
  datasetNames: () => string[]
}

const notFound: RequestHandler = (req, res) => sendSanityError(res, 404, `Not found: ${req.path}`, 'notFound')

/**
 * Everything else the Studio asks the API for (research Q1), answered so that hosted-only features switch
 * themselves off: no feature flags, telemetry denied, no comments dataset, no upsell journeys.
 */
export function createStudioStubsRouter(accounts: Accounts, project: ProjectInfo): Router {
  const router = Router()
  const knownProject: RequestHandler = (req, res, next) =>
    req.params.projectId === project.projectId
      ? next()
      : sendSanityError(res, 404, 'Project not found', 'notFound')
  const knownDataset: RequestHandler = (req, res, next) =>
    project.datasetNames().includes(String(req.params.dataset))
      ? next()
      : sendSanityError(res, 404, 'Dataset not found', 'notFound')

  router.get('/ping', (_req, res) => res.set('Cache-Control', 'no-store').type('text').send('PONG'))
  router.get('/data/ping/:dataset', knownDataset, (_req, res) =>
    res.set('Cache-Control', 'no-store').type('text').send('PONG'),
  )

  // `[]` turns comments, tasks, scheduled publishing and releases off (hooks/useFeatureEnabled.ts).
  router.get('/features', (_req, res) => res.json([]))
  router.get('/intake/telemetry-status', (_req, res) => res.json({ status: 'denied' }))
  router.post('/intake/batch', (_req, res) => res.status(204).end())

  router.get('/projects/:projectId', knownProject, (_req, res) => {
    const members = accounts.users.list().map((user) => ({
      id: user.id,
      role: user.role,
      roles: rolesOf(user.role),
      isRobot: false,
      isCurrentUser: user.id === identityOf(res.locals.principal ?? ANONYMOUS),
      createdAt: user.createdAt,
    }))
    res.json({
      id: project.projectId,
      displayName: project.displayName,
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
  })

  router.get('/projects/:projectId/datasets', knownProject, (req, res) => {
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
  })

  router.get('/projects/:projectId/datasets/:dataset/acl', knownProject, knownDataset, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(grantsFor(res.locals.principal ?? ANONYMOUS))
  })

  router.get('/projects/:projectId/user-applications', (_req, res) => res.json([]))

  router.use('/journey', notFound)
  router.use('/help', notFound)
  router.use('/descriptors', notFound)
  router.use('/schedules', notFound)

  return router
}
