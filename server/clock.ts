import type { Env } from './env'

export type Clock = { now: () => Date }

/**
 * The server's notion of "now". Tests pin it with TEST_NOW so past/upcoming rules are deterministic;
 * the pin is ignored outside NODE_ENV=test so it can never leak into production.
 */
export function createClock(env: Pick<Env, 'NODE_ENV' | 'TEST_NOW'>): Clock {
  if (env.NODE_ENV === 'test' && env.TEST_NOW) {
    const pinned = new Date(env.TEST_NOW)
    return { now: () => new Date(pinned) }
  }
  return { now: () => new Date() }
}
