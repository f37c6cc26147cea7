import { DEFAULT_JSON_MAX_DEPTH, jsonDepth } from '../../../json-depth'
import { rateLimitKey } from '../../../rate-limit-key'
import { ContentApiError } from '../errors'
import { DEFAULT_QUERY_MAX_DEPTH } from './groq'
import type { Principal } from '../principal'

/** What one GROQ query may cost (ADR 080); every value comes from `server/env.ts`. */
export type QueryLimits = {
  /** Wall time from arrival (queueing included) until the worker running it is stopped. */
  timeoutMs: number
  maxQueryBytes: number
  /** `$params` as JSON. */
  maxParamsBytes: number
  maxParamsDepth: number
  /** Syntax tree depth of the query. */
  maxDepth: number
  /** The serialized result. */
  maxResultBytes: number
  /** Queries in progress at once for one anonymous client (IPv4 address or IPv6 /64); over it: 429. */
  maxAnonymousPerClient: number
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  timeoutMs: 5_000,
  maxQueryBytes: 64 * 1024,
  maxParamsBytes: 128 * 1024,
  maxParamsDepth: DEFAULT_JSON_MAX_DEPTH,
  maxDepth: DEFAULT_QUERY_MAX_DEPTH,
  maxResultBytes: 8 * 1024 * 1024,
  maxAnonymousPerClient: 8,
}

const kilobytes = (bytes: number) => Math.ceil(bytes / 1024)

/** The size and depth checks a query passes before it is queued; 413 or 400 in Sanity's shape. */
export function checkQueryInput(query: string, params: Record<string, unknown>, limits: QueryLimits): void {
  const queryBytes = Buffer.byteLength(query)
  if (queryBytes > limits.maxQueryBytes) {
    throw new ContentApiError(
      413,
      'queryTooLarge',
      `The query is ${kilobytes(queryBytes)} KB; the largest accepted is ${kilobytes(limits.maxQueryBytes)} KB`,
    )
  }
  // Depth first: serializing a deeply nested value overflows the stack.
  if (jsonDepth(params, limits.maxParamsDepth + 1) > limits.maxParamsDepth + 1) {
    throw new ContentApiError(
      400,
      'paramsTooDeep',
      `Query parameters nest deeper than ${limits.maxParamsDepth} levels`,
    )
  }
  const paramsBytes = Buffer.byteLength(JSON.stringify(params))
  if (paramsBytes > limits.maxParamsBytes) {
    throw new ContentApiError(
      413,
      'paramsTooLarge',
      `Query parameters are ${kilobytes(paramsBytes)} KB; the largest accepted is ${kilobytes(limits.maxParamsBytes)} KB`,
    )
  }
}

/**
 * Who pays for a query (ADR 080). Editors, administrators and this machine (tools on the server) run in the
 * trusted lane; viewers (a front end's read token, the draft proxy's) in the viewer lane; anonymous callers from
 * elsewhere in the public lane. Each lane has workers of its own, so a flood of expensive queries in one never
 * keeps another's workers busy: not the Studio's, and not a token's flood the fans'. Within a lane workers are
 * shared per `client`: a signed-in user or token, else the address (IPv6: its /64). Anonymous callers also have
 * a cap on queries in progress each.
 */
export type Caller = { lane: 'public' | 'viewer' | 'trusted'; client: string; anonymous: boolean }

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/** The lane and client key of a caller with this address (`req.ip`) and principal. */
export function callerOf(ip: string | undefined, principal: Principal): Caller {
  if (principal.kind === 'anonymous') {
    const lane = LOOPBACK.test(ip ?? '') ? 'trusted' : 'public'
    return { lane, client: rateLimitKey(ip), anonymous: true }
  }
  const client = principal.kind === 'user' ? `user:${principal.userId}` : `token:${principal.tokenId}`
  return { lane: principal.role === 'viewer' ? 'viewer' : 'trusted', client, anonymous: false }
}
