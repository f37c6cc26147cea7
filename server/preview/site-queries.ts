import * as queries from '../../web/src/content/queries'

/**
 * The GROQ the site's pages send (web/src/content/queries.ts, every query of the public site): all the draft
 * proxy answers. An allowlist rather than a filter on what a query may read: a filter would have to rewrite
 * arbitrary GROQ (`identity()`, joins, `*` with any projection) and be right about every system type now and
 * later, where the list is exact, and the site never sends anything else (issue 36, ADR 160).
 */
export const SITE_QUERIES: ReadonlySet<string> = new Set<string>(
  Object.values(queries as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string',
  ),
)
