/** How deep JSON from outside may nest (bodies, query parameters) unless an endpoint says otherwise. */
export const DEFAULT_JSON_MAX_DEPTH = 64

/**
 * How many arrays and objects deep `value` nests, counting no further than `stopAbove + 1`. Iterative, so a
 * body nested a million levels deep is measured without a stack overflow (V8 parses such JSON fine;
 * stringifying it or walking it recursively throws).
 */
export function jsonDepth(value: unknown, stopAbove = Number.MAX_SAFE_INTEGER): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (node === null || typeof node !== 'object') continue
    deepest = Math.max(deepest, depth + 1)
    if (deepest > stopAbove) return deepest
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return deepest
}

export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  return jsonDepth(value, maxDepth) > maxDepth
}
