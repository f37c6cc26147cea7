/** What a test says of one node of a parsed GROQ tree: it matches, or look below it, or not below it. */
export type NodeVerdict = 'match' | 'descend' | 'prune'

/** Whether some object node of a parsed GROQ tree matches `test`, walking it depth-first without recursion. */
export function someNode(tree: unknown, test: (node: Record<string, unknown>) => NodeVerdict): boolean {
  const stack: unknown[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      stack.push(...node)
      continue
    }
    if (!node || typeof node !== 'object') continue
    const record = node as Record<string, unknown>
    const verdict = test(record)
    if (verdict === 'match') return true
    if (verdict === 'prune') continue
    for (const value of Object.values(record)) if (value && typeof value === 'object') stack.push(value)
  }
  return false
}
