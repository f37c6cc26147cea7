import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { queryFlood } from './query-flood'

/**
 * Row 8: one viewer token running 20 queries at a time to the limit; an editor's cheap query. Both from this
 * machine: tokens over plain HTTP are refused from elsewhere, and workers are shared per token anyway.
 */
const scenario: AbuseScenario = {
  row: 8,
  name: 'Queries to the time limit: one viewer token, 20 at a time',
  start: (target) =>
    queryFlood(target, {
      clients: 20,
      headersOf: () => ({ authorization: `Bearer ${target.tokens.viewer}` }),
      bystanderHeaders: { authorization: `Bearer ${target.tokens.editor}` },
      who: 'an editor',
    }),
}
export default scenario
