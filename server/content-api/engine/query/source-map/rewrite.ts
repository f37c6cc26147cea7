import type { ExprNode } from 'groq-js'
import { isNavigable } from './navigate'

/**
 * The attributes a marked object carries, removed before the result is sent: `MARK + n` holds `@` for mark n,
 * `MARK + n + '^' + k` holds the scope k levels above it. Plain attributes, not an array: groq-js evaluates an
 * array literal as an asynchronous stream, which costs more than the rest of the mark.
 */
export const MARK = '\u0000sourceMap'

type Node = { type: string; [key: string]: unknown }

/**
 * What a mark stands for: an object a query builds (its attributes say where each value came from), or a
 * wrapper `{[MARK + n]: @, v: expr}` around an expression whose value is a result value on its own.
 */
export type Mark = { kind: 'object'; object: Node } | { kind: 'wrap'; expr: Node }

export type MarkedQuery = { tree: ExprNode; marks: Mark[] }

/**
 * Where a node's value goes: `result` values reach the answer unchanged (a wrapper may replace them), `object`
 * values are still read by a filter or an `order()` (an extra attribute does no harm there, a wrapper would),
 * `none` values are consumed (conditions, operands, function arguments) and are left as they are.
 */
type Position = 'result' | 'object' | 'none'

const cache = new WeakMap<object, MarkedQuery>()

/** Deepest `^` an expression uses, so a mark captures the scopes its attributes may read (at most 4). */
function parentDepth(node: unknown): number {
  let deepest = 0
  const stack = [node]
  while (stack.length > 0) {
    const next = stack.pop()
    if (!next || typeof next !== 'object') continue
    const record = next as Node
    if (record.type === 'Parent') deepest = Math.max(deepest, record.n as number)
    stack.push(...Object.values(record))
  }
  return Math.min(deepest, 4)
}

/**
 * Whether a result value may be wrapped: `all` where nothing reads it again, `projection` for an object's
 * attribute (the object's mark follows navigable values; only `X.name` with X not navigable needs a wrapper),
 * `none` for an array splat or the base of a slice, which need the value itself (what is inside it may be).
 */
type Wrapping = 'all' | 'projection' | 'none'

/**
 * The query to evaluate when a source map is asked for (cached per parsed tree): the original, with every
 * object it builds on the way to the result marked with the scope it was built in, and every value that goes
 * straight from a document to the result wrapped the same way. source-map.ts reads the marks back and removes
 * them; the values the query returns are the same. Object identity carries the rest: groq-js passes document
 * objects and arrays through by reference.
 */
export function markQuery(tree: ExprNode): MarkedQuery {
  const known = cache.get(tree)
  if (known) return known
  const marker = new Marker()
  const marked: MarkedQuery = { tree: marker.visit(tree as Node, 'result') as ExprNode, marks: marker.marks }
  cache.set(tree, marked)
  return marked
}

class Marker {
  readonly marks: Mark[] = []

  /** The mark attributes: `@`, and as many `^` as `scopeOf` reads. */
  private markAttributes(mark: Mark, scopeOf: unknown): Node[] {
    const id = this.marks.push(mark) - 1
    const attributes: Node[] = [
      { type: 'ObjectAttributeValue', name: `${MARK}${id}`, value: { type: 'This' } },
    ]
    for (let n = 1; n <= parentDepth(scopeOf); n++) {
      attributes.push({
        type: 'ObjectAttributeValue',
        name: `${MARK}${id}^${n}`,
        value: { type: 'Parent', n },
      })
    }
    return attributes
  }

  private wrap(expr: Node, followed: Node = expr): Node {
    return {
      type: 'Object',
      attributes: [
        ...this.markAttributes({ kind: 'wrap', expr: followed }, followed),
        { type: 'ObjectAttributeValue', name: 'v', value: expr },
      ],
    }
  }

  private attributesOf(object: Node, position: Position): Node[] {
    return (object.attributes as Node[]).map((attribute) => {
      if (attribute.type === 'ObjectAttributeValue') {
        return { ...attribute, value: this.visit(attribute.value as Node, position, 'projection') }
      }
      if (attribute.type === 'ObjectConditionalSplat' && (attribute.value as Node).type === 'Object') {
        const inner = attribute.value as Node
        return { ...attribute, value: { ...inner, attributes: this.attributesOf(inner, position) } }
      }
      return attribute
    })
  }

  /** A result value wrapped whole, or undefined when it is not wrapped. */
  private wrapped(node: Node, wrapping: Wrapping): Node | undefined {
    if (wrapping === 'none' || node.type === 'This' || node.type === 'Parent') return undefined
    if (isNavigable(node)) return wrapping === 'all' ? this.wrap(node) : undefined
    // `X.title` where X is not navigable (`*[_id == "x"][0].title`): the projection `X{v: title}` is null
    // exactly when `X.title` is, and its mark captures X as `@`.
    if (node.type === 'AccessAttribute' && node.base) {
      const attribute: Node = { type: 'AccessAttribute', name: node.name }
      return { type: 'Projection', base: this.visit(node.base as Node, 'object'), expr: this.wrap(attribute) }
    }
    return undefined
  }

  visit(node: Node, position: Position, wrapping: Wrapping = 'all'): Node {
    if (position === 'none') return node
    const wrapped = position === 'result' ? this.wrapped(node, wrapping) : undefined
    if (wrapped) return wrapped
    const at = (key: string, inner: Position = position, wrap: Wrapping = 'all') =>
      this.visit(node[key] as Node, inner, wrap)
    switch (node.type) {
      case 'Object': {
        const mark = this.markAttributes({ kind: 'object', object: node }, node)
        return { ...node, attributes: [...this.attributesOf(node, position), ...mark] }
      }
      case 'Projection':
        return { ...node, expr: at('expr') }
      case 'Map':
        return { ...node, base: at('base', 'object'), expr: at('expr') }
      case 'FlatMap':
        // FlatMap splices the arrays its expression yields: those must stay arrays.
        return { ...node, base: at('base', 'object'), expr: at('expr', position, 'none') }
      case 'Filter':
      case 'PipeFuncCall':
      case 'AccessAttribute':
        return node.base ? { ...node, base: at('base', 'object') } : node
      case 'Group':
      case 'ArrayCoerce':
      case 'AccessElement':
      case 'Slice':
        // These read their base (an array, mostly): its members may be wrapped, the base itself not.
        return { ...node, base: at('base', position, 'none') }
      case 'Select':
        return {
          ...node,
          alternatives: (node.alternatives as Node[]).map((alternative) => ({
            ...alternative,
            value: this.visit(alternative.value as Node, position),
          })),
          ...(node.fallback ? { fallback: at('fallback') } : {}),
        }
      case 'Array':
        return {
          ...node,
          elements: (node.elements as Node[]).map((element) => ({
            ...element,
            // A wrapper is an object, and splatting an object into an array adds nothing.
            value: this.visit(element.value as Node, position, element.isSplat ? 'none' : 'all'),
          })),
        }
      case 'FuncCall':
        return node.namespace === 'global' && node.name === 'coalesce'
          ? { ...node, args: (node.args as Node[]).map((arg) => this.visit(arg, 'object')) }
          : node
      default:
        return node
    }
  }
}
