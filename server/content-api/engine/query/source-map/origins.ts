/**
 * Where a value in a query's view of the dataset lives: which document, and the path inside it. Array members
 * keep their index and, when they have one, their `_key`, so either form of source path can be written.
 */
export type Segment = string | { index: number; key?: string }
export type ViewDocument = { _id: string; _type?: string; _originalId?: string }
export type Origin = { doc: ViewDocument; path: Segment[] }

type Container = Record<string, unknown> | unknown[]

const byView = new WeakMap<readonly unknown[], WeakMap<object, Origin>>()

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function memberSegment(array: unknown[], index: number): Segment {
  const member = array[index]
  const key = isPlainObject(member) && typeof member._key === 'string' ? member._key : undefined
  return key === undefined ? { index } : { index, key }
}

export const extend = (origin: Origin, segment: Segment): Origin => ({
  doc: origin.doc,
  path: [...origin.path, segment],
})

/**
 * Every object and array of a view's documents, by identity, with its origin. groq-js hands document values
 * through evaluation by reference, so an object in a result that is one of these came verbatim from that place.
 * Built once per view (the view's document array is memoised per dataset version), and only for queries that
 * ask for a source map.
 */
export function originsOf(view: readonly unknown[]): WeakMap<object, Origin> {
  const known = byView.get(view)
  if (known) return known
  const origins = new WeakMap<object, Origin>()
  const stack: [Container, Origin][] = []
  for (const doc of view) {
    if (!isPlainObject(doc) || typeof doc._id !== 'string') continue
    const origin: Origin = { doc: doc as ViewDocument, path: [] }
    origins.set(doc, origin)
    stack.push([doc, origin])
  }
  while (stack.length > 0) {
    const [container, origin] = stack.pop()!
    const entries: [Segment, unknown][] = Array.isArray(container)
      ? container.map((member, index) => [memberSegment(container, index), member])
      : Object.entries(container)
    for (const [segment, value] of entries) {
      if (typeof value !== 'object' || value === null || origins.has(value)) continue
      const inner = extend(origin, segment)
      origins.set(value, inner)
      stack.push([value as Container, inner])
    }
  }
  byView.set(view, origins)
  return origins
}
