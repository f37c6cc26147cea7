import type { Request } from 'express'
import { badRequest } from '../engine'

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
