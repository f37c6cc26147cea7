import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { queryFlood } from './query-flood'

/**
 * Row 8: one viewer token running 20 queries at a time to the limit; an editor's cheap query, and a busy fan
 * address's (issue 36: it shared the token's workers). The token and the editor from this machine: tokens over
 * plain HTTP are refused from elsewhere, and workers are shared per token anyway.
 */
const scenario: AbuseScenario = {
  row: 8,
  name: 'Queries to the time limit: one viewer token, 20 at a time',
  start: (target) =>
    queryFlood(target, {
      clients: 20,
      headersOf: () => ({ authorization: `Bearer ${target.tokens.viewer}` }),
      bystanders: [
        { headers: { authorization: `Bearer ${target.tokens.editor}` }, who: 'an editor' },
        { headers: { 'x-forwarded-for': '203.0.113.52' }, who: 'a busy fan', busy: true },
      ],
    }),
}
export default scenario
