/**
 * A mendoza patch encoder. The `mendoza` package only applies patches (the encoder exists only in Go), yet the
 * Studio needs `effects` on every listener event and history transaction: previews read `apply`, history rebuilds
 * old revisions with `revert`. Objects are diffed field by field, recursing into nested objects; any other change
 * (arrays, strings, numbers, type changes) sets the whole value. That is exact, small for typical edits, and
 * never depends on guessing array moves.
 *
 * Opcodes, from mendoza's internal-patcher: 0 Value, 10 PushFieldCopy, 15 ReturnIntoObjectSameKeyPop,
 * 17 ObjectSetFieldValue, 19 ObjectDeleteField (its index is into the *input* object's sorted keys).
 */
export type MendozaPatch = unknown[]
export type Effects = { apply: MendozaPatch; revert: MendozaPatch }

const VALUE = 0
const PUSH_FIELD_COPY = 10
const RETURN_INTO_OBJECT_SAME_KEY_POP = 15
const OBJECT_SET_FIELD_VALUE = 17
const OBJECT_DELETE_FIELD = 19

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const ak = Object.keys(a as object)
  const bk = Object.keys(b as object)
  if (ak.length !== bk.length) return false
  for (const key of ak) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}

/** Ops that turn the object on top of the patcher's stacks (`left`) into `right`. */
function diffObject(left: Record<string, unknown>, right: Record<string, unknown>, out: unknown[]): void {
  // Same sort as the patcher (`Object.keys(...).sort()`), so delete indexes line up.
  const leftKeys = Object.keys(left).sort()
  leftKeys.forEach((key, index) => {
    if (!Object.prototype.hasOwnProperty.call(right, key)) out.push(OBJECT_DELETE_FIELD, index)
  })
  leftKeys.forEach((key, index) => {
    if (!Object.prototype.hasOwnProperty.call(right, key)) return
    const a = left[key]
    const b = right[key]
    if (deepEqual(a, b)) return
    if (isPlainObject(a) && isPlainObject(b)) {
      out.push(PUSH_FIELD_COPY, index)
      diffObject(a, b, out)
      out.push(RETURN_INTO_OBJECT_SAME_KEY_POP)
      return
    }
    out.push(OBJECT_SET_FIELD_VALUE, b, key)
  })
  for (const key of Object.keys(right)) {
    if (!Object.prototype.hasOwnProperty.call(left, key)) out.push(OBJECT_SET_FIELD_VALUE, right[key], key)
  }
}

/** A patch that turns `left` into `right` under mendoza's `applyPatch`. */
export function diffValue(left: unknown, right: unknown): MendozaPatch {
  if (left === undefined) left = null
  if (right === undefined) right = null
  if (deepEqual(left, right)) return []
  if (isPlainObject(left) && isPlainObject(right)) {
    const out: unknown[] = []
    diffObject(left, right, out)
    return out
  }
  return [VALUE, right as Json]
}

/**
 * Effects of one document change. Creation reverts to `[0,null]` and deletion applies `[0,null]` exactly: the
 * Studio's history recognises those shapes. `_rev` is left out on both sides, as the Studio's history expects.
 */
export function documentEffects(previous: object | null, next: object | null): Effects {
  const before = previous ? withoutRev(previous) : null
  const after = next ? withoutRev(next) : null
  if (before === null) return { apply: after === null ? [] : [VALUE, after], revert: [VALUE, null] }
  if (after === null) return { apply: [VALUE, null], revert: [VALUE, before] }
  return { apply: diffValue(before, after), revert: diffValue(after, before) }
}

export function withoutRev<T extends object>(doc: T): Omit<T, '_rev'> {
  if (!('_rev' in doc)) return doc
  const { _rev: _ignored, ...rest } = doc as T & { _rev?: unknown }
  return rest
}
