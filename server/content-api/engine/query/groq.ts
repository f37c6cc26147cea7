import { evaluate, GroqSyntaxError, parse, type ExprNode } from 'groq-js'
import { jsonDepth } from '../../../json-depth'
import { ContentApiError } from '../errors'
import { evaluateAtOnce } from './evaluate-at-once'
import { narrowScans, type ScanSources } from './narrow'
import { hasParameterBracket } from './param-brackets'
import { readsEverything, type QueryReads } from './sync-tags'
import { markQuery } from './source-map/rewrite'
import { originsOf, type Origins } from './source-map/origins'
import { sourceMapOf, type ContentSourceMap, type SourceMapMode } from './source-map/source-map'

type ParsedQuery = { tree: ExprNode; params: string[]; depth: number; parameterBrackets?: boolean }

/**
 * How deep a query's syntax tree may nest. groq-js parses and evaluates recursively (and its evaluator leaves
 * rejected promises behind when the stack overflows, which ends a process), so depth is bounded before any
 * recursive walk. The site's own queries nest up to 16 levels; ADR 080.
 */
export const DEFAULT_QUERY_MAX_DEPTH = 200

const cache = new Map<string, ParsedQuery>()
const CACHE_LIMIT = 1000

/** Sanity's parse-error shape; @sanity/client prints it as a code frame with a caret under `start..end`. */
export function queryParseError(query: string, description: string, start: number, end = start + 1) {
  return new ContentApiError(400, 'queryParseError', description, { query, start, end })
}

function queryTooDeep(query: string, maxDepth: number) {
  return new ContentApiError(
    400,
    'queryTooDeep',
    `The query nests deeper than ${maxDepth} levels (operators, parentheses, arrays, objects, pipes and subqueries all count)`,
    { query: query.length > 1000 ? `${query.slice(0, 1000)}...` : query },
  )
}

/**
 * How deep `(`, `[` and `{` nest in the query text, outside string literals and comments: a linear scan that
 * turns away deeply bracketed queries before groq-js's recursive (and, that deep, slow) parser sees them.
 */
export function bracketDepth(query: string): number {
  let depth = 0
  let deepest = 0
  for (let i = 0; i < query.length; i++) {
    const c = query[i]
    if (c === '"' || c === "'") {
      for (i++; i < query.length && query[i] !== c; i++) if (query[i] === '\\') i++
    } else if (c === '/' && query[i + 1] === '/') {
      while (i < query.length && query[i] !== '\n') i++
    } else if (c === '(' || c === '[' || c === '{') {
      deepest = Math.max(deepest, ++depth)
    } else if (c === ')' || c === ']' || c === '}') {
      depth--
    }
  }
  return deepest
}

/** groq-js's parser recurses; a stack overflow there is a query nested too deeply, never a server fault. */
function parseTree(query: string, maxDepth: number, params?: Record<string, unknown>): ExprNode {
  if (bracketDepth(query) > maxDepth) throw queryTooDeep(query, maxDepth)
  try {
    return params ? parse(query, { params }) : parse(query)
  } catch (error) {
    if (error instanceof RangeError) throw queryTooDeep(query, maxDepth)
    throw error
  }
}

function checked(query: string, parsed: ParsedQuery, maxDepth: number): ParsedQuery {
  if (parsed.depth > maxDepth) throw queryTooDeep(query, maxDepth)
  return parsed
}

function toParsed(tree: ExprNode, query: string, maxDepth: number): ParsedQuery {
  // Measured iteratively before `collectParams` and `narrowScans` walk the tree recursively.
  const depth = jsonDepth(tree, maxDepth)
  if (depth > maxDepth) throw queryTooDeep(query, maxDepth)
  return { tree, params: collectParams(tree), depth }
}

/** Names of `$params` a query uses, minus the parameters of custom functions declared inside it. */
function collectParams(tree: unknown): string[] {
  const used = new Set<string>()
  const declared = new Set<string>()
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const record = node as Record<string, unknown>
    if (record.type === 'Parameter' && typeof record.name === 'string') used.add(record.name)
    if (Array.isArray(record.params)) {
      for (const p of record.params)
        if (p && typeof p === 'object' && 'name' in p) declared.add(String(p.name))
    }
    for (const value of Object.values(record)) if (value && typeof value === 'object') walk(value)
  }
  walk(tree)
  return [...used].filter((name) => !declared.has(name))
}

/**
 * Parses once per distinct query string: the Studio and the site repeat the same few queries endlessly.
 * groq-js folds `$params` in slices (`[0...$__limit]`, the Studio's document lists) only at parse time, so
 * such a query is parsed again with its parameters, cached per query and parameter values.
 */
export function parseQuery(
  query: string,
  params?: Record<string, unknown>,
  maxDepth = DEFAULT_QUERY_MAX_DEPTH,
): ParsedQuery {
  const hit = cache.get(query)
  // `[$param]` is an index, attribute or filter by the parameter's value: such queries parse per value.
  if (hit?.parameterBrackets && params) return parseWithParams(query, params, maxDepth)
  if (hit) return checked(query, hit, maxDepth)
  let tree: ExprNode
  try {
    tree = parseTree(query, maxDepth)
  } catch (error) {
    if (error instanceof ContentApiError) throw error
    if (params && error instanceof Error && /slicing must use constant numbers/.test(error.message)) {
      return parseWithParams(query, params, maxDepth)
    }
    if (error instanceof GroqSyntaxError) {
      const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '')
      throw queryParseError(query, description, error.position)
    }
    throw queryParseError(query, error instanceof Error ? error.message : String(error), 0)
  }
  const parsed = { ...toParsed(tree, query, maxDepth), parameterBrackets: hasParameterBracket(tree) }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(query, parsed)
  return parsed.parameterBrackets && params ? parseWithParams(query, params, maxDepth) : parsed
}

function parseWithParams(query: string, params: Record<string, unknown>, maxDepth: number): ParsedQuery {
  const key = `${query}\u0000${JSON.stringify(params)}`
  const hit = cache.get(key)
  if (hit) return checked(query, hit, maxDepth)
  let tree: ExprNode
  try {
    tree = parseTree(query, maxDepth, params)
  } catch (error) {
    if (error instanceof ContentApiError) throw error
    throw queryParseError(query, error instanceof Error ? error.message : String(error), 0)
  }
  const parsed = toParsed(tree, query, maxDepth)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, parsed)
  return parsed
}

export type QueryContext = {
  dataset: unknown[]
  params?: Record<string, unknown>
  identity?: string
  timestamp?: Date
  sanity?: { projectId: string; dataset: string }
  /** Resolves references by id; without it groq-js scans the whole dataset for every `->`. */
  index?: Map<string, unknown>
  /** Lets `*[_type == ...]`, `*[_id == ...]` and `*[_id in ...]` scan only their candidates. */
  scan?: Omit<ScanSources, 'params'>
  /** Deepest syntax tree accepted (default DEFAULT_QUERY_MAX_DEPTH). */
  maxDepth?: number
  /** Records what the evaluation reads, for its sync tags (sync-tags.ts). */
  reads?: QueryReads
}

/** The scan sources and `->` index, recording every type and id read into `reads`. */
function recording(
  scan: Omit<ScanSources, 'params'>,
  index: Map<string, unknown>,
  reads: QueryReads,
): { scan: Omit<ScanSources, 'params'>; dereference: (id: string) => unknown } {
  return {
    scan: {
      byType: (type) => (reads.types.add(type), scan.byType(type)),
      byId: (id) => (reads.ids.add(id), scan.byId(id)),
      byIds: (ids) => (ids.forEach((id) => reads.ids.add(id)), scan.byIds(ids)),
      ...(scan.byRange
        ? {
            byRange: (type, attribute, bounds) => (
              reads.types.add(type),
              scan.byRange!(type, attribute, bounds)
            ),
          }
        : {}),
    },
    dereference: (id) => (reads.ids.add(id), index.get(id)),
  }
}

/** Evaluates a query; a missing parameter is a parse error, as on Sanity. */
export async function runQuery(query: string, context: QueryContext): Promise<unknown> {
  const { result } = await evaluateQuery(query, context)
  return result
}

/**
 * Evaluates a query and maps each value of its result that came verbatim from a document to that document and
 * path (Sanity's `resultSourceMap`; ADR 141). Only these queries pay for it: `runQuery` evaluates as before.
 */
export async function runQueryWithSourceMap(
  query: string,
  context: QueryContext,
  mode: SourceMapMode,
): Promise<{ result: unknown; sourceMap: ContentSourceMap }> {
  const origins = originsOf(context.dataset)
  const { result, marks, lookup } = await evaluateQuery(query, context, origins)
  const find = (id: string) => context.dataset.find((doc) => (doc as { _id?: unknown })?._id === id)
  const dereference = (id: string) => origins.indexed((lookup ?? find)(id))
  return sourceMapOf(result, marks!, { origins, dereference }, mode)
}

/** Scan sources that index each document they hand out, so its values can be recognised in the result. */
function indexing(scan: Omit<ScanSources, 'params'>, origins: Origins): Omit<ScanSources, 'params'> {
  const each = (docs: unknown[]) => docs.map((doc) => origins.indexed(doc))
  return {
    byType: (type) => each(scan.byType(type)),
    byId: (id) => origins.indexed(scan.byId(id)),
    byIds: (ids) => each(scan.byIds(ids)),
    ...(scan.byRange
      ? { byRange: (type, attribute, bounds) => each(scan.byRange!(type, attribute, bounds)) }
      : {}),
  }
}

/** Evaluates as asked; with `origins` (a source map is wanted), the marked query, indexing what it reads. */
async function evaluateQuery(query: string, context: QueryContext, origins?: Origins) {
  const parsed = parseQuery(query, context.params, context.maxDepth)
  const params = context.params ?? {}
  const missing = parsed.params.find((name) => !(name in params))
  if (missing) {
    const at = Math.max(0, query.indexOf(`$${missing}`))
    throw queryParseError(
      query,
      `param $${missing} referenced, but not provided`,
      at,
      at + missing.length + 1,
    )
  }
  try {
    const { index, scan, maxDepth: _maxDepth, reads, ...options } = context
    // Without both the scan sources and the index, groq-js reads the whole dataset for `*` and `->`.
    const tracked = reads && scan && index ? recording(scan, index, reads) : undefined
    if (reads && !tracked) reads.everything = true
    const recorded = tracked?.scan ?? scan
    const sources = origins && recorded ? indexing(recorded, origins) : recorded
    const { tree: base, marks } = origins ? markQuery(parsed.tree) : { tree: parsed.tree, marks: undefined }
    const tree = sources ? narrowScans(base, { ...sources, params }) : base
    if (tracked && readsEverything(tree)) reads!.everything = true
    // `*` left unnarrowed may hand any document to the result.
    if (origins && (!sources || readsEverything(tree))) origins.indexAll()
    const plain = tracked?.dereference ?? (index ? (id: string) => index.get(id) : undefined)
    const lookup = origins && plain ? (id: string) => origins.indexed(plain(id)) : plain
    const evaluation = {
      ...options,
      params,
      ...(lookup ? { dereference: ({ _ref }: { _ref: string }) => (lookup(_ref) ?? null) as never } : {}),
    }
    const now = evaluateAtOnce(tree, evaluation)
    return { result: now ? now.result : await (await evaluate(tree, evaluation)).get(), marks, lookup }
  } catch (error) {
    if (error instanceof ContentApiError) throw error
    throw new ContentApiError(
      400,
      'queryExecutionError',
      error instanceof Error ? error.message : String(error),
    )
  }
}
