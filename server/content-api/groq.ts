import { evaluate, GroqSyntaxError, parse, type ExprNode } from 'groq-js'
import { ContentApiError } from './errors'
import { narrowScans, type ScanSources } from './narrow'

type ParsedQuery = { tree: ExprNode; params: string[] }

const cache = new Map<string, ParsedQuery>()
const CACHE_LIMIT = 1000

/** Sanity's parse-error shape; @sanity/client prints it as a code frame with a caret under `start..end`. */
export function queryParseError(query: string, description: string, start: number, end = start + 1) {
  return new ContentApiError(400, 'queryParseError', description, { query, start, end })
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
export function parseQuery(query: string, params?: Record<string, unknown>): ParsedQuery {
  const hit = cache.get(query)
  if (hit) return hit
  let tree: ExprNode
  try {
    tree = parse(query)
  } catch (error) {
    if (params && error instanceof Error && /slicing must use constant numbers/.test(error.message)) {
      return parseWithParams(query, params)
    }
    if (error instanceof GroqSyntaxError) {
      const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '')
      throw queryParseError(query, description, error.position)
    }
    throw queryParseError(query, error instanceof Error ? error.message : String(error), 0)
  }
  const parsed = { tree, params: collectParams(tree) }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(query, parsed)
  return parsed
}

function parseWithParams(query: string, params: Record<string, unknown>): ParsedQuery {
  const key = `${query}\u0000${JSON.stringify(params)}`
  const hit = cache.get(key)
  if (hit) return hit
  let tree: ExprNode
  try {
    tree = parse(query, { params })
  } catch (error) {
    throw queryParseError(query, error instanceof Error ? error.message : String(error), 0)
  }
  const parsed = { tree, params: collectParams(tree) }
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
}

/** Evaluates a query; a missing parameter is a parse error, as on Sanity. */
export async function runQuery(query: string, context: QueryContext): Promise<unknown> {
  const parsed = parseQuery(query, context.params)
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
    const { index, scan, ...options } = context
    const tree = scan ? narrowScans(parsed.tree, { ...scan, params }) : parsed.tree
    const value = await evaluate(tree, {
      ...options,
      params,
      ...(index ? { dereference: ({ _ref }: { _ref: string }) => (index.get(_ref) ?? null) as never } : {}),
    })
    return await value.get()
  } catch (error) {
    if (error instanceof ContentApiError) throw error
    throw new ContentApiError(
      400,
      'queryExecutionError',
      error instanceof Error ? error.message : String(error),
    )
  }
}
