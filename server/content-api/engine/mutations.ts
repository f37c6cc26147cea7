import { z } from 'zod'
import { badRequest, conflict, ContentApiError, mutationError } from './errors'
import { runQuery } from './query/groq'
import { isValidDocumentId, randomId } from './ids'
import type { WorkingSet } from './store/content-store'
import type { SanityDocument } from './types'

const docBody = z.looseObject({ _id: z.string().optional(), _type: z.string().min(1) })
const selection = z.union([
  z.looseObject({ id: z.string().min(1) }),
  z.looseObject({ query: z.string().min(1), params: z.record(z.string(), z.unknown()).optional() }),
])
const PATCH_OPERATIONS = [
  'set',
  'setIfMissing',
  'unset',
  'inc',
  'dec',
  'insert',
  'diffMatchPatch',
  'merge',
] as const
const patchBody = z
  .looseObject({
    id: z.string().min(1).optional(),
    query: z.string().min(1).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    ifRevisionID: z.string().optional(),
    set: z.record(z.string(), z.unknown()).optional(),
    setIfMissing: z.record(z.string(), z.unknown()).optional(),
    merge: z.record(z.string(), z.unknown()).optional(),
    unset: z.array(z.string()).optional(),
    inc: z.record(z.string(), z.number()).optional(),
    dec: z.record(z.string(), z.number()).optional(),
    diffMatchPatch: z.record(z.string(), z.string()).optional(),
    insert: z
      .looseObject({ items: z.array(z.unknown()) })
      .refine((i) => ['before', 'after', 'replace'].filter((k) => k in i).length === 1, {
        message: 'insert needs exactly one of before, after or replace',
      })
      .optional(),
  })
  .refine((p) => (p.id === undefined) !== (p.query === undefined), {
    message: 'patch needs either id or query',
  })

const mutationSchema = z.union([
  z.strictObject({ create: docBody }),
  z.strictObject({ createOrReplace: docBody.extend({ _id: z.string() }) }),
  z.strictObject({ createIfNotExists: docBody.extend({ _id: z.string() }) }),
  z.strictObject({ delete: selection }),
  z.strictObject({ patch: patchBody }),
])

export const mutateBodySchema = z.object({
  mutations: z.array(z.unknown()).max(10_000),
  transactionId: z.string().min(1).max(200).optional(),
})

export type MutationResult = { id: string; operation: 'create' | 'update' | 'delete' | 'none' }

/** Validates one raw mutation, naming its index in the message. */
export function parseMutation(raw: unknown, index: number): Record<string, unknown> {
  const parsed = mutationSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
    throw mutationError(
      400,
      `Mutation ${index} is invalid${where}: ${issue?.message ?? 'unknown mutation'}`,
      {
        type: 'invalidMutation',
        index,
      },
    )
  }
  return parsed.data as Record<string, unknown>
}

function checkId(id: string, index: number): void {
  if (!isValidDocumentId(id)) {
    throw mutationError(400, `Document ID "${id}" is not valid`, { type: 'invalidDocumentId', id, index })
  }
}

/** Fields the server owns: `_rev` and `_updatedAt` are always set by the commit. */
function bodyOf(doc: Record<string, unknown>): Record<string, unknown> {
  const { _rev: _r, _updatedAt: _u, ...rest } = doc
  return rest
}

async function selectIds(
  ws: WorkingSet,
  sel: { id?: string; query?: string; params?: Record<string, unknown> },
) {
  if (sel.id !== undefined) return [sel.id]
  const result = await runQuery(sel.query!, { dataset: ws.all(), params: sel.params ?? {} })
  const items = Array.isArray(result) ? result : result === null ? [] : [result]
  return items
    .map((item) => (item && typeof item === 'object' ? (item as { _id?: unknown })._id : undefined))
    .filter((id): id is string => typeof id === 'string')
}

/**
 * Applies one validated mutation to the working set. Every change goes through `ws.apply` with an id-addressed
 * mutation, which is what listeners replay; query-addressed deletes and patches are expanded here first.
 */
export async function applyMutation(
  ws: WorkingSet,
  mutation: Record<string, unknown>,
  index: number,
): Promise<MutationResult[]> {
  const [kind, raw] = Object.entries(mutation)[0] as [string, Record<string, unknown>]
  switch (kind) {
    case 'create': {
      let id = typeof raw._id === 'string' ? raw._id : randomId()
      // An id ending in "." is a prefix: Sanity appends a generated id.
      if (id.endsWith('.')) id += randomId()
      checkId(id, index)
      if (ws.get(id)) {
        throw mutationError(409, `Document by ID "${id}" already exists`, {
          type: 'documentAlreadyExistsError',
          id,
          index,
        })
      }
      ws.apply(id, { create: { ...bodyOf(raw), _id: id } })
      return [{ id, operation: 'create' }]
    }
    case 'createOrReplace': {
      const id = raw._id as string
      checkId(id, index)
      const existing = ws.get(id)
      const body = bodyOf(raw)
      // Keep the original creation time unless the caller sets one (the mutator would stamp a new one).
      if (existing?._createdAt && body._createdAt === undefined) body._createdAt = existing._createdAt
      ws.apply(id, { createOrReplace: body })
      return [{ id, operation: existing ? 'update' : 'create' }]
    }
    case 'createIfNotExists': {
      const id = raw._id as string
      checkId(id, index)
      if (ws.get(id)) return [{ id, operation: 'none' }]
      ws.apply(id, { createIfNotExists: bodyOf(raw) })
      return [{ id, operation: 'create' }]
    }
    case 'delete': {
      const ids = await selectIds(ws, raw)
      return ids.map((id) => {
        if (!ws.get(id)) return { id, operation: 'delete' as const }
        ws.apply(id, { delete: { id } })
        return { id, operation: 'delete' as const }
      })
    }
    case 'patch': {
      const { query: _q, params: _p, id: _id, ifRevisionID, ...operations } = raw
      const ids = await selectIds(ws, raw)
      const results: MutationResult[] = []
      for (const id of ids) {
        const current = ws.get(id)
        if (!current) {
          throw mutationError(404, `Document "${id}" not found`, { type: 'documentNotFoundError', id, index })
        }
        if (typeof ifRevisionID === 'string' && current._rev !== ifRevisionID) {
          throw conflict(
            `Document "${id}" has unexpected revision ID ("${current._rev}"), expected "${ifRevisionID}"`,
            id,
            { current: current._rev, expected: ifRevisionID },
            index,
          )
        }
        applyPatch(ws, id, operations, index)
        results.push({ id, operation: 'update' })
      }
      return results
    }
    default:
      throw badRequest(`Unknown mutation type "${kind}"`)
  }
}

function applyPatch(ws: WorkingSet, id: string, operations: Record<string, unknown>, index: number): void {
  const known = Object.keys(operations).filter((key) => (PATCH_OPERATIONS as readonly string[]).includes(key))
  const unknown = Object.keys(operations).filter((key) => !known.includes(key))
  if (unknown.length > 0) {
    throw mutationError(400, `Unknown patch operation "${unknown[0]}"`, { type: 'invalidPatch', id, index })
  }
  // `merge` is not a mutator operation; it is a set of each top-level field.
  const ops: Record<string, unknown> = { ...operations }
  if (ops.merge) {
    ops.set = { ...(ops.merge as object), ...((ops.set as object | undefined) ?? {}) }
    delete ops.merge
  }
  let next: SanityDocument | null
  try {
    next = ws.apply(id, { patch: { id, ...ops } })
  } catch (error) {
    if (error instanceof ContentApiError) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw mutationError(400, `Patch on "${id}" failed: ${message}`, { type: 'invalidPatch', id, index })
  }
  if (!next || typeof next._type !== 'string' || next._id !== id) {
    throw mutationError(400, `Patch on "${id}" would remove its _id or _type`, {
      type: 'invalidPatch',
      id,
      index,
    })
  }
}

/** Gives every object in an array a `_key` when it lacks one, as Sanity's `autoGenerateArrayKeys` does. */
export function addMissingKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => {
      const next = addMissingKeys(item)
      if (next && typeof next === 'object' && !Array.isArray(next) && !('_key' in next)) {
        return { _key: randomId(12), ...next }
      }
      return next
    })
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, addMissingKeys(child)]))
  }
  return value
}

/** Validates and applies a whole mutate request; results list one entry per affected document. */
export async function applyMutations(
  ws: WorkingSet,
  rawMutations: unknown[],
  options: { autoGenerateArrayKeys?: boolean } = {},
): Promise<MutationResult[]> {
  const parsed = rawMutations
    .map((raw, index) => parseMutation(raw, index))
    .map((mutation) =>
      options.autoGenerateArrayKeys ? (addMissingKeys(mutation) as Record<string, unknown>) : mutation,
    )
  const results: MutationResult[] = []
  for (const [index, mutation] of parsed.entries())
    results.push(...(await applyMutation(ws, mutation, index)))
  return results
}
