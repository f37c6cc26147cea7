import type { ExprNode } from 'groq-js'

/**
 * groq-js answers `*[filter]` by testing every document. When a filter requires `_type == "x"`, `_id == "x"` or
 * `_id in [...]` (literal or `$param`), only those documents can match, so `*` is swapped for them before
 * evaluation; when it also bounds an attribute of that type by strings (`startsAt >= $from && startsAt < $to`),
 * only that type's documents inside the bounds. The filter still runs in full on the candidates, so results are
 * the same, in the same order.
 */
export type ScanSources = {
  byType: (type: string) => unknown[]
  byId: (id: string) => unknown | undefined
  /** The documents with these ids, in dataset order. */
  byIds: (ids: string[]) => unknown[]
  /**
   * The documents of a type whose top-level `attribute` is a string inside `bounds`, in dataset order. GROQ
   * compares a string only with a string, so no other document can pass such a filter.
   */
  byRange?: (type: string, attribute: string, bounds: StringBounds) => unknown[]
  params: Record<string, unknown>
}

/** Bounds on a string attribute, as GROQ's `>`, `>=`, `<` and `<=` compare strings. */
export type StringBounds = { gt?: string; gte?: string; lt?: string; lte?: string }

/** Whether a string passes the bounds, compared as groq-js compares two strings. */
export function withinBounds(value: string, { gt, gte, lt, lte }: StringBounds): boolean {
  return (
    (gt === undefined || value > gt) &&
    (gte === undefined || value >= gte) &&
    (lt === undefined || value < lt) &&
    (lte === undefined || value <= lte)
  )
}

type Node = { type: string; [key: string]: unknown }

function constant(node: Node | undefined, params: Record<string, unknown>): unknown {
  if (!node) return undefined
  if (node.type === 'Value') return node.value
  if (node.type === 'Parameter') return params[node.name as string]
  if (node.type === 'Array') {
    const out: unknown[] = []
    for (const element of node.elements as Node[]) {
      if (element.isSplat) return undefined
      const value = constant(element.value as Node, params)
      if (value === undefined) return undefined
      out.push(value)
    }
    return out
  }
  return undefined
}

function isAttribute(node: Node | undefined, name: string): boolean {
  return node?.type === 'AccessAttribute' && node.name === name && node.base === undefined
}

/** The terms of a filter that must all hold: `a && (b && c)` is a, b and c. */
function conjuncts(expr: Node): Node[] {
  if (expr.type === 'And') return [...conjuncts(expr.left as Node), ...conjuncts(expr.right as Node)]
  if (expr.type === 'Group') return conjuncts(expr.base as Node)
  return [expr]
}

/** `attribute op value` with the attribute on the left, for the comparison operators. */
const FLIPPED: Record<string, keyof StringBounds> = { '>': 'lt', '>=': 'lte', '<': 'gt', '<=': 'gte' }
const DIRECT: Record<string, keyof StringBounds> = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' }

/** A top-level attribute the terms bound by string constants, with its bounds (the first such attribute). */
function stringBounds(terms: Node[], params: Record<string, unknown>) {
  const found = new Map<string, StringBounds>()
  for (const term of terms) {
    if (term.type !== 'OpCall' || !(String(term.op) in DIRECT)) continue
    for (const [attr, other, bound] of [
      [term.left, term.right, DIRECT[String(term.op)]],
      [term.right, term.left, FLIPPED[String(term.op)]],
    ] as [Node, Node, keyof StringBounds][]) {
      const value = constant(other, params)
      if (attr?.type !== 'AccessAttribute' || attr.base !== undefined || typeof value !== 'string') continue
      const name = String(attr.name)
      const bounds = found.get(name) ?? {}
      const current = bounds[bound]
      // Two bounds on one side: the tighter one holds whenever both do.
      const tighter =
        bound === 'gt' || bound === 'gte'
          ? current === undefined || value > current
          : current === undefined || value < current
      if (tighter) bounds[bound] = value
      found.set(name, bounds)
    }
  }
  const [first] = found
  return first ? { attribute: first[0], bounds: first[1] } : undefined
}

/** A filter's type and string bounds: the documents of that type inside them. */
function rangeCandidates(expr: Node, sources: ScanSources): unknown[] | undefined {
  if (!sources.byRange) return undefined
  const terms = conjuncts(expr)
  let type: string | undefined
  for (const term of terms) {
    if (term.type !== 'OpCall' || term.op !== '==') continue
    for (const [attr, other] of [
      [term.left, term.right],
      [term.right, term.left],
    ] as [Node, Node][]) {
      const value = constant(other, sources.params)
      if (isAttribute(attr, '_type') && typeof value === 'string') type ??= value
    }
  }
  const range = type === undefined ? undefined : stringBounds(terms, sources.params)
  if (type === undefined || !range || range.attribute === '_type') return undefined
  return sources.byRange(type, range.attribute, range.bounds)
}

/** Documents the filter restricts the scan to, or undefined when it does not restrict it. */
function candidates(expr: Node, sources: ScanSources): unknown[] | undefined {
  return rangeCandidates(expr, sources) ?? exactCandidates(expr, sources)
}

function exactCandidates(expr: Node, sources: ScanSources): unknown[] | undefined {
  if (expr.type === 'And') {
    return exactCandidates(expr.left as Node, sources) ?? exactCandidates(expr.right as Node, sources)
  }
  if (expr.type === 'Group') return exactCandidates(expr.base as Node, sources)
  if (expr.type !== 'OpCall') return undefined
  const left = expr.left as Node
  const right = expr.right as Node
  if (expr.op === '==') {
    for (const [attr, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const value = constant(other, sources.params)
      if (typeof value !== 'string') continue
      if (isAttribute(attr, '_type')) return sources.byType(value)
      if (isAttribute(attr, '_id')) {
        const doc = sources.byId(value)
        return doc ? [doc] : []
      }
    }
  }
  if (expr.op === 'in' && isAttribute(left, '_id')) {
    const ids = constant(right, sources.params)
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return sources.byIds(ids)
  }
  return undefined
}

export function narrowScans(tree: ExprNode, sources: ScanSources): ExprNode {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit)
    if (!node || typeof node !== 'object') return node
    const record = node as Node
    let changed = false
    const copy: Node = { ...record }
    for (const [key, value] of Object.entries(record)) {
      if (value && typeof value === 'object') {
        const next = visit(value)
        if (next !== value) {
          copy[key] = next
          changed = true
        }
      }
    }
    if (copy.type === 'Filter' && (copy.base as Node | undefined)?.type === 'Everything') {
      const docs = candidates(copy.expr as Node, sources)
      if (docs) return { ...copy, base: { type: 'Value', value: docs } }
    }
    return changed ? copy : node
  }
  return visit(tree) as ExprNode
}
