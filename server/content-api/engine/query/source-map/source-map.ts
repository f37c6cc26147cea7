import {
  membersOf,
  navigate,
  trackedByIdentity,
  type NavigationContext,
  type Scope,
  type Tracked,
} from './navigate'
import { isPlainObject, type Origin, type Segment, type ViewDocument } from './origins'
import { MARK, type Mark } from './rewrite'

/** `resultSourceMap=true` writes array members of source paths by index, `withKeyArraySelector` by `_key`. */
export type SourceMapMode = 'index' | 'key'

/** Sanity's content source map (the `resultSourceMap` of a query answer). */
export type ContentSourceMap = {
  documents: { _id: string; _type: string }[]
  paths: string[]
  mappings: Record<
    string,
    { type: 'value'; source: { type: 'documentValue'; document: number; path: number } }
  >
}

const ESCAPES: Record<string, string> = {
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  "'": "\\'",
  '\\': '\\\\',
}
const SPECIAL = /[\f\n\r\t'\\]/
const name = (key: string) =>
  SPECIAL.test(key) ? `['${key.replace(/[\f\n\r\t'\\]/g, (c) => ESCAPES[c]!)}']` : `['${key}']`

/** A JSONPath as Sanity writes them (`$['a'][0]['b']`, or `[?(@._key=='k')]` for a keyed member). */
function jsonPath(path: Segment[], mode: SourceMapMode): string {
  let out = '$'
  for (const segment of path) {
    if (typeof segment === 'string') out += name(segment)
    else if (mode === 'key' && segment.key !== undefined)
      out += `[?(@._key=='${segment.key.replace(/['\\]/g, (c) => ESCAPES[c]!)}')]`
    else out += `[${segment.index}]`
  }
  return out
}

/** Collects mappings with the document and path tables they index into. */
class SourceMapBuilder {
  private readonly documents = new Map<ViewDocument, number>()
  private readonly paths = new Map<string, number>()
  private readonly mappings: ContentSourceMap['mappings'] = {}

  constructor(private readonly mode: SourceMapMode) {}

  /**
   * A value that came verbatim from `origin`: one mapping for it, or, for a whole document, one per
   * attribute (what Sanity answers for `...` and for documents returned as they are).
   */
  add(value: unknown, resultPath: string, origin: Origin) {
    if (value === null || value === undefined) return
    if (origin.path.length === 0 && isPlainObject(value)) {
      for (const [key, inner] of Object.entries(value))
        this.add(inner, resultPath + name(key), { doc: origin.doc, path: [key] })
      return
    }
    let document = this.documents.get(origin.doc)
    if (document === undefined) this.documents.set(origin.doc, (document = this.documents.size))
    const source = jsonPath(origin.path, this.mode)
    let path = this.paths.get(source)
    if (path === undefined) this.paths.set(source, (path = this.paths.size))
    this.mappings[resultPath] = {
      type: 'value',
      source: { type: 'documentValue', document, path },
    }
  }

  build(): ContentSourceMap {
    return {
      // In a perspective, a document shows under its published id; the source is the version it came from.
      documents: [...this.documents.keys()].map((doc) => ({
        _id: doc._originalId ?? doc._id,
        _type: doc._type ?? '',
      })),
      paths: [...this.paths.keys()],
      mappings: this.mappings,
    }
  }
}

/**
 * A filter's answer lined up with the members it was taken from, in order. A value that occurs more than once
 * among them could be either, so it keeps no origin (no edit link rather than a wrong one).
 */
function alignedWith(members: Tracked[], value: unknown[]): Tracked | undefined {
  const counts = new Map<unknown, number>()
  for (const member of members) counts.set(member.value, (counts.get(member.value) ?? 0) + 1)
  const elements: Tracked[] = []
  let from = 0
  for (const item of value) {
    while (from < members.length && members[from]!.value !== item) from++
    if (from === members.length) return undefined
    elements.push(counts.get(item) === 1 ? members[from]! : { value: item })
    from++
  }
  return { value, elements }
}

/** The first of a tracked value's alternatives that is the value the query returned, if any. */
function matching(tracked: Tracked | undefined, value: unknown): Tracked | undefined {
  if (!tracked) return undefined
  if (tracked.alternatives) {
    for (const alternative of tracked.alternatives) {
      const match = matching(alternative, value)
      if (match) return match
    }
    return undefined
  }
  if (tracked.subsequenceOf)
    return Array.isArray(value) ? alignedWith(tracked.subsequenceOf, value) : undefined
  if (tracked.value === value) return tracked
  const sameLength =
    Array.isArray(tracked.value) && Array.isArray(value) && tracked.value.length === value.length
  return sameLength ? tracked : undefined
}

type Node = { type: string; [key: string]: unknown }

/** The scope chain a mark captured: `@` first, then `^`, `^.^` ... */
function scopeOf(captured: unknown[], ctx: NavigationContext): Scope {
  let scope: Scope | null = null
  for (let i = captured.length - 1; i >= 0; i--) {
    scope = { at: trackedByIdentity(captured[i], ctx), parent: scope, hidden: false }
  }
  return scope!
}

/**
 * What each attribute of an object the query built may hold, following its attribute expressions in order.
 * `opaque` when a splat that cannot be followed may have replaced any of them: then none is trusted.
 */
function candidatesOf(
  object: Node,
  scope: Scope,
  ctx: NavigationContext,
): { candidates: Map<string, Tracked>; opaque: boolean } {
  const out = new Map<string, Tracked>()
  let opaque = false
  for (const attribute of object.attributes as Node[]) {
    const value = attribute.value as Node
    if (attribute.type === 'ObjectAttributeValue') {
      const tracked = navigate(value, scope, ctx)
      if (tracked) out.set(attribute.name as string, tracked)
      else out.delete(attribute.name as string)
      continue
    }
    // A splat or a conditional one: its keys override what came before, when (if) it applied.
    const conditional = attribute.type === 'ObjectConditionalSplat'
    const inner =
      conditional && value.type === 'Object'
        ? candidatesOf(value, scope, ctx)
        : spread(navigate(value, scope, ctx), ctx)
    if (inner.opaque) {
      out.clear()
      opaque = true
      continue
    }
    for (const [key, tracked] of inner.candidates) {
      const before = out.get(key)
      out.set(key, conditional && before ? { value: undefined, alternatives: [tracked, before] } : tracked)
    }
  }
  return { candidates: out, opaque }
}

/** The attributes `...x` copies, each tracked from x; opaque when x cannot be followed. */
function spread(
  tracked: Tracked | undefined,
  ctx: NavigationContext,
): { candidates: Map<string, Tracked>; opaque: boolean } {
  const out = new Map<string, Tracked>()
  if (!tracked || tracked.alternatives || tracked.subsequenceOf) return { candidates: out, opaque: true }
  const object = tracked.value
  if (!isPlainObject(object)) return { candidates: out, opaque: false }
  const scope: Scope = { at: tracked, parent: null, hidden: false }
  for (const key of Object.keys(object)) {
    out.set(key, navigate({ type: 'AccessAttribute', name: key }, scope, ctx)!)
  }
  return { candidates: out, opaque: false }
}

/**
 * Removes the marks from a result evaluated from a marked query (rewrite.ts) and maps every value that came
 * verbatim from a document. A value's source is, in order: the mark of the object or wrapper it is in, what
 * following its expression found (checked against the value actually returned), or its identity.
 */
export function sourceMapOf(
  result: unknown,
  marks: Mark[],
  ctx: NavigationContext,
  mode: SourceMapMode,
): { result: unknown; sourceMap: ContentSourceMap } {
  const builder = new SourceMapBuilder(mode)

  /** `path` is the value's JSONPath in the result, built as the walk descends. */
  const walk = (value: unknown, path: string, candidate?: Tracked): unknown => {
    if (typeof value !== 'object' || value === null) {
      const match = matching(candidate, value)
      if (match?.origin) builder.add(value, path, match.origin)
      return value
    }
    const match = matching(candidate, value)
    const origin = (match?.value === value ? match.origin : undefined) ?? trackedByIdentity(value, ctx).origin
    if (origin) {
      builder.add(value, path, origin)
      return value
    }
    if (Array.isArray(value)) {
      const members = match ? membersOf(match, ctx) : undefined
      for (let i = 0; i < value.length; i++) value[i] = walk(value[i], `${path}[${i}]`, members?.[i])
      return value
    }
    const object = value as Record<string, unknown>
    const marked = takeMark(object)
    if (marked?.mark.kind === 'wrap') {
      return walk(object.v ?? null, path, navigate(marked.mark.expr, marked.scope, ctx))
    }
    const candidates = marked && candidatesOf(marked.mark.object, marked.scope, ctx).candidates
    for (const key of Object.keys(object))
      object[key] = walk(object[key], path + name(key), candidates?.get(key))
    return object
  }

  /** Removes an object's mark attributes (rewrite.ts), with the mark and the scope they captured. */
  const takeMark = (object: Record<string, unknown>) => {
    let id: number | undefined
    const captured: unknown[] = []
    for (const key of Object.keys(object)) {
      if (!key.startsWith(MARK)) continue
      const [mark, up] = key.slice(MARK.length).split('^')
      id = Number(mark)
      captured[up === undefined ? 0 : Number(up)] = object[key]
      delete object[key]
    }
    if (id === undefined) return undefined
    return { mark: marks[id]!, scope: scopeOf(captured, ctx) }
  }

  const cleaned = walk(result, '$')
  return { result: cleaned, sourceMap: builder.build() }
}
