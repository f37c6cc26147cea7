import { someNode } from './some-node'

/**
 * Whether a parsed GROQ tree has a `[...]` whose meaning depends on parameter values.
 *
 * The GROQ spec decides what `base[expr]` is from `expr` itself: a constant number is an element access, a
 * constant string an attribute access, anything else a filter. A bracket holding only parameters, literals and
 * arithmetic (`title[$lang]`, `logo[$k]`, `(*[...])[$i]`, `[$i + 1]`) is constant once the parameters are bound,
 * but a parse without parameter values cannot know its type and builds a filter. Such queries must be parsed
 * again with the request's parameters (groq-js then folds them into the tree), ADR 140.
 */
export function hasParameterBracket(tree: unknown): boolean {
  return someNode(tree, (node) =>
    node.type === 'Filter' && isParameterConstant(node.expr) ? 'match' : 'descend',
  )
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '**'])

/** Constant once parameters are bound (the GROQ spec's constant expressions), and uses at least one parameter. */
function isParameterConstant(expr: unknown): boolean {
  let usesParameter = false
  const constant = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false
    const n = node as { type?: string; base?: unknown; left?: unknown; right?: unknown; op?: string }
    switch (n.type) {
      case 'Parameter':
        usesParameter = true
        return true
      case 'Value':
        return true
      case 'Group':
      case 'Pos':
      case 'Neg':
        return constant(n.base)
      case 'OpCall':
        return ARITHMETIC.has(String(n.op)) && constant(n.left) && constant(n.right)
      default:
        return false
    }
  }
  return constant(expr) && usesParameter
}
