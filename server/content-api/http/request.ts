import type { Request } from 'express'
import { badRequest } from '../engine/errors'

/** API versions look like `v2025-02-19`, `v1` (the oldest) or `vX` (experimental, treated as newest). */
const API_VERSION = /^v(\d{4}-\d{2}-\d{2}|1|X)$/

/** The date part of the version (`1` sorts before any date, `X` is handled by callers as "newest"). */
export function apiVersionOf(req: Request): string {
  const match = API_VERSION.exec(String(req.params.apiVersion))
  if (!match) throw badRequest(`Invalid API version "${String(req.params.apiVersion)}"`)
  return match[1]!
}

export function stringParam(req: Request, name: string): string | undefined {
  const value = req.query[name]
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined
  return typeof value === 'string' ? value : undefined
}

/** Boolean query flags as Sanity reads them: present and not "false". */
export function flagParam(req: Request, name: string, fallback = false): boolean {
  const value = stringParam(req, name)
  if (value === undefined) return fallback
  return value !== 'false' && value !== '0'
}

/** `$name=<json>` query parameters, as @sanity/client encodes GROQ params. */
export function groqParamsFrom(query: Request['query']): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('$')) continue
    const value = Array.isArray(raw) ? raw[0] : raw
    try {
      params[key.slice(1)] = JSON.parse(String(value))
    } catch {
      throw badRequest(`Parameter "${key}" is not valid JSON`)
    }
  }
  return params
}

/** Comma-separated ids of a path segment, as in `/data/doc/:dataset/:ids`. */
export function idsParam(req: Request, name = 'ids'): string[] {
  const ids = String(req.params[name] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (ids.length === 0) throw badRequest('No document ids given')
  return ids
}
