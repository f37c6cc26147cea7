import { z } from 'zod'
import { mutationError } from '../errors'

const id = z.string().min(1)
const attributes = z.looseObject({ _id: z.string().optional(), _type: z.string().min(1) })
const patchOperations = z.record(z.string(), z.unknown())
const releaseId = z.string().min(1)
const isoTime = z.iso.datetime({ offset: true })
/** What a release's `metadata` may hold (release-document.ts); other fields are kept as given. */
export const releaseMetadataSchema = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  releaseType: z.enum(['asap', 'scheduled', 'undecided']).optional(),
  intendedPublishAt: isoTime.optional(),
  cardinality: z.enum(['many', 'one']).optional(),
})
const releaseAction = <T extends string>(actionType: T) =>
  z.object({ actionType: z.literal(actionType), releaseId })

const actionSchema = z.discriminatedUnion('actionType', [
  z.object({
    actionType: z.literal('sanity.action.document.create'),
    publishedId: id,
    attributes,
    ifExists: z.enum(['fail', 'ignore']).default('fail'),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.edit'),
    draftId: id,
    publishedId: id,
    patch: patchOperations,
  }),
  z.object({
    actionType: z.literal('sanity.action.document.publish'),
    draftId: id,
    publishedId: id,
    ifDraftRevisionId: z.string().optional(),
    ifPublishedRevisionId: z.string().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.unpublish'), draftId: id, publishedId: id }),
  z.object({
    actionType: z.literal('sanity.action.document.delete'),
    publishedId: id,
    includeDrafts: z.array(id).default([]),
    purge: z.boolean().optional(),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.discard'),
    draftId: id,
    purge: z.boolean().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.replaceDraft'), publishedId: id, attributes }),
  z.object({
    actionType: z.literal('sanity.action.document.version.discard'),
    versionId: id,
    purge: z.boolean().optional(),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.version.create'),
    publishedId: id,
    document: attributes.optional(),
    baseId: id.optional(),
    versionId: id.optional(),
    ifBaseRevisionId: z.string().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.version.replace'), document: attributes }),
  z.object({
    actionType: z.literal('sanity.action.document.version.unpublish'),
    versionId: id,
    publishedId: id,
  }),
  z.object({
    actionType: z.literal('sanity.action.release.create'),
    releaseId,
    metadata: releaseMetadataSchema.default({}),
  }),
  z.object({ actionType: z.literal('sanity.action.release.edit'), releaseId, patch: patchOperations }),
  releaseAction('sanity.action.release.publish'),
  z.object({ actionType: z.literal('sanity.action.release.schedule'), releaseId, publishAt: isoTime }),
  releaseAction('sanity.action.release.unschedule'),
  releaseAction('sanity.action.release.archive'),
  releaseAction('sanity.action.release.unarchive'),
  releaseAction('sanity.action.release.delete'),
])

export type Action = z.infer<typeof actionSchema>
export type ActionType = Action['actionType']
/** One action type's fields, e.g. `ActionOf<'sanity.action.document.publish'>`. */
export type ActionOf<T extends ActionType> = Extract<Action, { actionType: T }>

/** The body of POST /data/actions: the actions stay raw here and are parsed one by one (parseAction). */
export const actionsBodySchema = z.object({
  actions: z.array(z.unknown()).min(1).max(1000),
  transactionId: z.string().min(1).max(200).optional(),
  dryRun: z.boolean().optional(),
  skipCrossDatasetReferenceValidation: z.boolean().optional(),
})

/** Parses action `index` of a request, naming the action and field that is wrong. */
export function parseAction(raw: unknown, index: number): Action {
  const type = (raw as { actionType?: unknown } | null)?.actionType
  const parsed = actionSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const known =
    typeof type === 'string' && actionSchema.options.some((o) => o.shape.actionType.value === type)
  const description = known
    ? `Action ${index} (${String(type)}) is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`
    : `Action ${index} has unsupported actionType ${JSON.stringify(type)}`
  throw mutationError(400, description, { type: 'invalidAction', index }, 'actionError')
}
