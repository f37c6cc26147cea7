import { REDACTED, redactUrl } from './redact'

/** Field names whose values never reach the log, at any depth (issue 12). */
const SECRET_FIELDS = new Set(['email', 'token', 'sid', 'authorization', 'cookie', 'set-cookie', 'password'])

/** Deep enough for `req.headers.cookie`; log objects are small and flat by design. */
const MAX_DEPTH = 4

/**
 * A log line's fields with secrets replaced: secret-named fields by `[redacted]`, every `url` by its redacted
 * form. A plain walk over the few keys a line has: pino's path-based `redact` compiled wildcard paths that cost
 * more than the rest of a cached page's answer (docs/decisions/090-pages-rendered-once-per-content-revision.md).
 */
export function redactFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const key in fields) {
    const value = fields[key]
    let next = value
    if (SECRET_FIELDS.has(key.toLowerCase())) next = REDACTED
    else if (key === 'url' && typeof value === 'string') next = redactUrl(value)
    else if (depth < MAX_DEPTH && isPlainObject(value)) next = redactFields(value, depth + 1)
    if (next !== value) {
      copy ??= { ...fields }
      copy[key] = next
    }
  }
  return copy ?? fields
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}
