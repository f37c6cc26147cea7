import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { queryFlood } from './query-flood'

/** Rows 5 and 8: 20 anonymous addresses running queries to the time limit; another address's cheap query. */
const scenario: AbuseScenario = {
  row: 8,
  name: 'Queries to the time limit: 20 anonymous addresses',
  start: (target) =>
    queryFlood(target, {
      clients: 20,
      bystanders: [{ headers: { 'x-forwarded-for': '203.0.113.50' }, who: 'another address' }],
    }),
}
export default scenario
