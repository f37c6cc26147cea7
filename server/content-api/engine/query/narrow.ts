import type { ExprNode } from 'groq-js'

/**
 * groq-js answers `*[filter]` by testing every document. When a filter requires `_type == "x"`, `_id == "x"` or
 * `_id in [...]` (literal or `$param`), only those documents can match, so `*` is swapped for them before
 * evaluation. The filter still runs in full on the candidates, so results are the same, in the same order.
 */
export type ScanSources = {
  byType: (type: string) => unknown[]
  byId: (id: string) => unknown | undefined
  /** The documents with these ids, in dataset order. */
  byIds: (ids: string[]) => unknown[]
  params: Record<string, unknown>
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

/** Documents the filter restricts the scan to, or undefined when it does not restrict it. */
function candidates(expr: Node, sources: ScanSources): unknown[] | undefined {
  if (expr.type === 'And') {
    return candidates(expr.left as Node, sources) ?? candidates(expr.right as Node, sources)
  }
  if (expr.type === 'Group') return candidates(expr.base as Node, sources)
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
