import { extend, isPlainObject, memberSegment, type Origin, type Origins } from './origins'

/**
 * A value an expression yields, with where it came from when it came verbatim from a document. `elements`
 * tracks an array built member by member (`tags[].label`); `alternatives` lists what `coalesce` or `select`
 * may have chosen, first match wins (source-map.ts compares each with the value the query actually returned).
 */
export type Tracked = {
  value: unknown
  origin?: Origin
  elements?: Tracked[]
  alternatives?: Tracked[]
  /** A filter's members, of which the value the query returned is a subsequence (value itself unknown). */
  subsequenceOf?: Tracked[]
}

/** groq-js's scope chain: `@`, and `^` above it; a hidden scope (a `[]` traversal) passes its parent on. */
export type Scope = { at: Tracked; parent: Scope | null; hidden: boolean }

export type NavigationContext = {
  origins: Origins
  dereference: (id: string) => unknown
}

type Node = { type: string; [key: string]: unknown }

const nested = (scope: Scope, at: Tracked, hidden = false): Scope => ({
  at,
  parent: scope.hidden ? scope.parent : scope,
  hidden,
})

export function trackedByIdentity(value: unknown, ctx: NavigationContext): Tracked {
  const origin = typeof value === 'object' && value !== null ? ctx.origins.get(value) : undefined
  return origin ? { value, origin } : { value }
}

function attribute(base: Tracked, name: string, ctx: NavigationContext): Tracked {
  const object = base.value
  if (!isPlainObject(object) || !Object.hasOwn(object, name)) return { value: null }
  const value = object[name]
  if (base.origin) return { value, origin: extend(base.origin, name) }
  return trackedByIdentity(value, ctx)
}

/** The members of a tracked array, each with its own origin where the array's is known. */
export function membersOf(array: Tracked, ctx: NavigationContext): Tracked[] | undefined {
  if (!Array.isArray(array.value)) return undefined
  if (array.elements) return array.elements
  const values = array.value
  return values.map((value, index) =>
    array.origin
      ? { value, origin: extend(array.origin, memberSegment(values, index)) }
      : trackedByIdentity(value, ctx),
  )
}

/** A tracked value whose value is known: not a choice of alternatives, not a filter's yet unknown subset. */
const definite = (tracked: Tracked | undefined) =>
  tracked && !tracked.alternatives && !tracked.subsequenceOf ? tracked : undefined

const arrayOf = (elements: Tracked[]): Tracked => ({ value: elements.map((e) => e.value), elements })

function traverse(node: Node, scope: Scope, ctx: NavigationContext, flat: boolean): Tracked | undefined {
  const base = definite(navigate(node.base as Node, scope, ctx))
  if (!base) return undefined
  const members = membersOf(base, ctx)
  if (!members) return { value: null }
  const out: Tracked[] = []
  for (const member of members) {
    const inner = definite(navigate(node.expr as Node, nested(scope, member, true), ctx))
    if (!inner) return undefined
    if (!flat) out.push(inner)
    else if (Array.isArray(inner.value)) out.push(...membersOf(inner, ctx)!)
    else return undefined
  }
  return arrayOf(out)
}

/**
 * Follows an expression the way groq-js evaluates it, for the expressions that pass document values through
 * unchanged: attributes, elements, slices, `->`, `[]` traversals, `coalesce` and `select`. Anything else
 * (operators, functions, literals, filters, projections) computes a value or needs groq-js to decide, and
 * gets undefined: no mapping, or the projection's own mark (rewrite.ts) maps it.
 */
export function navigate(node: Node, scope: Scope, ctx: NavigationContext): Tracked | undefined {
  switch (node.type) {
    case 'This':
      return scope.at
    case 'Parent': {
      let current: Scope | null = scope
      for (let i = 0; i < (node.n as number) && current; i++) current = current.parent
      return current ? current.at : { value: null }
    }
    case 'Group':
      return navigate(node.base as Node, scope, ctx)
    case 'AccessAttribute': {
      const base = node.base ? definite(navigate(node.base as Node, scope, ctx)) : scope.at
      return base && attribute(base, node.name as string, ctx)
    }
    case 'AccessElement': {
      const base = definite(navigate(node.base as Node, scope, ctx))
      if (!base) return undefined
      const members = membersOf(base, ctx)
      if (!members) return { value: null }
      const index = node.index as number
      return members[index < 0 ? index + members.length : index] ?? { value: null }
    }
    case 'Slice': {
      const base = definite(navigate(node.base as Node, scope, ctx))
      if (!base) return undefined
      const members = membersOf(base, ctx)
      if (!members) return { value: null }
      // As groq-js: negative indices count from the end, and clamp at 0 after the inclusive end is made exclusive.
      const from = (i: number) => (i < 0 ? members.length + i : i)
      const left = Math.max(0, from(node.left as number))
      const right = Math.max(0, from(node.right as number) + (node.isInclusive ? 1 : 0))
      return arrayOf(members.slice(left, right))
    }
    case 'ArrayCoerce': {
      const base = definite(navigate(node.base as Node, scope, ctx))
      return base && (Array.isArray(base.value) ? base : { value: null })
    }
    case 'Deref': {
      const base = definite(navigate(node.base as Node, scope, ctx))
      if (!base) return undefined
      const ref = isPlainObject(base.value) ? base.value._ref : undefined
      if (typeof ref !== 'string') return { value: null }
      return trackedByIdentity(ctx.dereference(ref) ?? null, ctx)
    }
    case 'Filter': {
      // Which members passed is groq-js's to decide; source-map.ts lines the answer up with them.
      const base = definite(navigate(node.base as Node, scope, ctx))
      if (!base) return undefined
      const members = membersOf(base, ctx)
      return members ? { value: undefined, subsequenceOf: members } : { value: null }
    }
    case 'Map':
      return traverse(node, scope, ctx, false)
    case 'FlatMap':
      return traverse(node, scope, ctx, true)
    case 'FuncCall':
      return node.namespace === 'global' && node.name === 'coalesce'
        ? choices(node.args as Node[], scope, ctx, true)
        : undefined
    case 'Select':
      return choices(
        [
          ...(node.alternatives as Node[]).map((alternative) => alternative.value as Node),
          ...(node.fallback ? [node.fallback as Node] : []),
        ],
        scope,
        ctx,
        false,
      )
    default:
      return undefined
  }
}

/**
 * What `coalesce(a, b)` or `select(...)` may have returned. `coalesce` returns its first non-null argument, so
 * only the navigable arguments before the first other one can be its value; `select` may return any branch.
 */
function choices(
  options: Node[],
  scope: Scope,
  ctx: NavigationContext,
  inOrder: boolean,
): Tracked | undefined {
  const alternatives: Tracked[] = []
  for (const option of options) {
    const tracked = navigate(option, scope, ctx)
    if (tracked) alternatives.push(tracked)
    else if (inOrder) break
  }
  return alternatives.length > 0 ? { value: undefined, alternatives } : undefined
}

/** Whether `navigate` can follow an expression (it may still find no origin). */
export function isNavigable(node: Node): boolean {
  switch (node.type) {
    case 'This':
    case 'Parent':
      return true
    case 'AccessAttribute':
      return !node.base || isNavigable(node.base as Node)
    case 'Group':
    case 'AccessElement':
    case 'Slice':
    case 'ArrayCoerce':
    case 'Deref':
    case 'Filter':
      return isNavigable(node.base as Node)
    case 'Map':
    case 'FlatMap':
      return isNavigable(node.base as Node) && isNavigable(node.expr as Node)
    case 'FuncCall':
      return (
        node.namespace === 'global' &&
        node.name === 'coalesce' &&
        (node.args as Node[]).length > 0 &&
        isNavigable((node.args as Node[])[0]!)
      )
    default:
      return false
  }
}
