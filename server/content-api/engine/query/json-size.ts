/**
 * A lower bound on the bytes `JSON.stringify(value)` would write (UTF-8), counting no further than
 * `stopAbove + 1`. A query result may hold the same array many times over (`*{"all": *}` repeats the dataset
 * once per document): cheap on the heap, but its JSON can be far larger than the result limit, and building that
 * string is one long step a worker cannot be stopped in. Walking first refuses such a result in the time it
 * takes to walk the limit's worth of it. Iterative, like `jsonDepth`, so depth costs no stack.
 */
export function jsonBytesAtLeast(value: unknown, stopAbove: number): number {
  let bytes = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === 'string') bytes += node.length + 2
    else if (typeof node === 'number' || typeof node === 'boolean' || node === null) bytes += 1
    else if (Array.isArray(node)) {
      // The bracket, then a comma or the closing bracket after each item.
      bytes += node.length === 0 ? 2 : 1 + node.length
      for (const item of node) stack.push(item)
    } else if (typeof node === 'object') {
      // The brace, then per member its quoted key, the colon and a comma or the closing brace.
      let members = 0
      for (const [key, item] of Object.entries(node as Record<string, unknown>)) {
        if (item === undefined) continue
        members += 1
        bytes += key.length + 4
        stack.push(item)
      }
      bytes += members === 0 ? 2 : 1
    }
    if (bytes > stopAbove) return bytes
  }
  return bytes
}
