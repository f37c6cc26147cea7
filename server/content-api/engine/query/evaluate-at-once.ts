import { evaluateSync, type ExprNode } from 'groq-js'
import { someNode } from './some-node'

type Evaluation = Parameters<typeof evaluateSync>[1]

/**
 * Functions groq-js answers only asynchronously, or over the whole dataset: a query that calls one is left to the
 * asynchronous evaluator.
 */
const ASYNC_NAMESPACES = new Set(['diff', 'delta', 'releases', 'text', 'documents'])
const ASYNC_PIPES = new Set(['score'])

/** Whether a narrowed tree is one the synchronous evaluator answers whole: no `*` left and no async-only call. */
function answersAtOnce(tree: ExprNode): boolean {
  return !someNode(tree, (node) => {
    if (node.type === 'Everything') return 'match'
    if (node.type === 'FuncCall' && ASYNC_NAMESPACES.has(String(node.namespace))) return 'match'
    if (node.type === 'PipeFuncCall' && ASYNC_PIPES.has(String(node.name))) return 'match'
    // Documents swapped in by narrowScans are values, not syntax.
    return node.type === 'Value' ? 'prune' : 'descend'
  })
}

/** Whether a value holds a promise anywhere (groq-js's synchronous evaluator can leave one inside a value). */
function holdsPromise(value: unknown): boolean {
  const stack = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (!item || typeof item !== 'object') continue
    if (typeof (item as { then?: unknown }).then === 'function') return true
    stack.push(...(Array.isArray(item) ? item : Object.values(item)))
  }
  return false
}

/**
 * The query's result from groq-js's synchronous evaluator, or undefined when the asynchronous one must answer
 * (ADR 202). The asynchronous evaluator makes a promise per node per document, so a filter over a long list of
 * shows costs the main thread a chain of promises for what is a loop. The synchronous one can leave a promise
 * inside a value where it reads `*` whole (why ADR 177 withdrew it), so only a query with no `*` left after
 * narrowing goes this way, and a throw or a result that still holds a promise falls back.
 */
export function evaluateAtOnce(tree: ExprNode, evaluation: Evaluation): { result: unknown } | undefined {
  if (!answersAtOnce(tree)) return undefined
  let value: ReturnType<typeof evaluateSync>
  try {
    value = evaluateSync(tree, evaluation)
  } catch {
    return undefined
  }
  if ((value.type as string) === 'stream' || holdsPromise(value.data)) return undefined
  return { result: value.data }
}
