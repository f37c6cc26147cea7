/**
 * Where a value in a query's view of the dataset lives: which document, and the path inside it. Array members
 * keep their index and, when they have one, their `_key`, so either form of source path can be written.
 */
export type Segment = string | { index: number; key?: string }
export type ViewDocument = { _id: string; _type?: string; _originalId?: string }
export type Origin = { doc: ViewDocument; path: Segment[] }

type Container = Record<string, unknown> | unknown[]

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
 * Documents are indexed when a query that asks for a source map reads them (a large `WeakMap` is costly to
 * build and to collect), and stay indexed for the view's lifetime: the view is memoised per dataset version.
 */
export class Origins {
  private readonly origins = new WeakMap<object, Origin>()
  private readonly done = new WeakSet<object>()

  constructor(private readonly view: readonly unknown[]) {}

  get(value: object): Origin | undefined {
    return this.origins.get(value)
  }

  /** `doc`, indexed. */
  indexed<T>(doc: T): T {
    this.index(doc)
    return doc
  }

  indexAll() {
    for (const doc of this.view) this.index(doc)
  }

  index(doc: unknown) {
    if (!isPlainObject(doc) || typeof doc._id !== 'string' || this.done.has(doc)) return
    this.done.add(doc)
    const origin: Origin = { doc: doc as ViewDocument, path: [] }
    this.origins.set(doc, origin)
    const stack: [Container, Origin][] = [[doc, origin]]
    while (stack.length > 0) {
      const [container, at] = stack.pop()!
      const entries: [Segment, unknown][] = Array.isArray(container)
        ? container.map((member, index) => [memberSegment(container, index), member])
        : Object.entries(container)
      for (const [segment, value] of entries) {
        if (typeof value !== 'object' || value === null || this.origins.has(value)) continue
        const inner = extend(at, segment)
        this.origins.set(value, inner)
        stack.push([value as Container, inner])
      }
    }
  }
}

const byView = new WeakMap<readonly unknown[], Origins>()

export function originsOf(view: readonly unknown[]): Origins {
  let origins = byView.get(view)
  if (!origins) byView.set(view, (origins = new Origins(view)))
  return origins
}
