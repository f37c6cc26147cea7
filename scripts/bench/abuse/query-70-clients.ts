import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { queryFlood } from './query-flood'

/** Row 8: 70 anonymous addresses running queries to the time limit (more than the waiting line holds). */
const scenario: AbuseScenario = {
  row: 8,
  name: 'Queries to the time limit: 70 anonymous addresses',
  start: (target) =>
    queryFlood(target, {
      clients: 70,
      bystanders: [{ headers: { 'x-forwarded-for': '203.0.113.51' }, who: 'another address' }],
    }),
}
export default scenario
