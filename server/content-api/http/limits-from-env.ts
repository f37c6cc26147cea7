import type { Env } from '../../env'
import type { ContentApiOptions } from './router'

export type LimitsEnv = Pick<
  Env,
  | 'QUERY_TIMEOUT_MS'
  | 'QUERY_MAX_KB'
  | 'QUERY_MAX_PARAMS_KB'
  | 'QUERY_MAX_DEPTH'
  | 'QUERY_MAX_RESULT_MB'
  | 'QUERY_MAX_ANONYMOUS_PER_CLIENT'
  | 'LISTEN_MAX_TOTAL'
  | 'LISTEN_MAX_PER_USER'
  | 'LISTEN_MAX_ANONYMOUS'
  | 'LISTEN_MAX_ANONYMOUS_PER_CLIENT'
  | 'JSON_MAX_DEPTH'
  | 'CONTENT_BODY_LIMIT_MB'
>

const KB = 1024
const MB = 1024 * 1024

/** The content API's limits on hostile input, from the environment (docs/guides/security-and-limits.md). */
export function contentLimitsFrom(
  env: LimitsEnv,
): Pick<ContentApiOptions, 'queryLimits' | 'listenerLimits' | 'maxBodyBytes' | 'maxJsonDepth'> {
  return {
    maxBodyBytes: Math.round(env.CONTENT_BODY_LIMIT_MB * MB),
    maxJsonDepth: env.JSON_MAX_DEPTH,
    queryLimits: {
      timeoutMs: env.QUERY_TIMEOUT_MS,
      maxQueryBytes: env.QUERY_MAX_KB * KB,
      maxParamsBytes: env.QUERY_MAX_PARAMS_KB * KB,
      maxParamsDepth: env.JSON_MAX_DEPTH,
      maxDepth: env.QUERY_MAX_DEPTH,
      maxResultBytes: Math.round(env.QUERY_MAX_RESULT_MB * MB),
      maxAnonymousPerClient: env.QUERY_MAX_ANONYMOUS_PER_CLIENT,
    },
    listenerLimits: {
      total: env.LISTEN_MAX_TOTAL,
      perUser: env.LISTEN_MAX_PER_USER,
      anonymous: env.LISTEN_MAX_ANONYMOUS,
      anonymousPerClient: env.LISTEN_MAX_ANONYMOUS_PER_CLIENT,
    },
  }
}
