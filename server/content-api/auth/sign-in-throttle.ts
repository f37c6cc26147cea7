import { rateLimitKey } from '../../rate-limit-key'

/**
 * Sign-in throttling (ADR 086): failures are counted per (client address, e-mail) and per client address,
 * never per e-mail alone (an IPv6 client per /64, which one client usually owns, as every other per-client
 * limit counts it: `rateLimitKey`), so an attacker slows only themself and the owner, from a clean address, still gets
 * in. Past a few free failures each further one doubles the wait before the next attempt from that key;
 * attempts during the wait get 429 without the password being checked. Pure bookkeeping in memory: a restart
 * forgets the counts, which is acceptable for slowing guessing down.
 */
export type ThrottlePolicy = {
  /** Failures before the first wait: after this many, the next try waits `firstDelayMs`. */
  freeFailures: number
  /** The first wait; each further failure doubles it. */
  firstDelayMs: number
  /** The longest wait. */
  maxDelayMs: number
  /** A key's failures are forgotten this long after its last failure. */
  forgetAfterMs: number
}

/** One address guessing one account: ten tries, then 1 s, 2 s, 4 s, ... up to 15 minutes between tries. */
export const PAIR_POLICY: ThrottlePolicy = {
  freeFailures: 10,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
}

/** One address trying many accounts: twenty failures in all, then the same doubling. */
export const ADDRESS_POLICY: ThrottlePolicy = { ...PAIR_POLICY, freeFailures: 20 }

type Entry = { failures: number; lastFailureAt: number }

/** How long to wait after the last failure, given how many there were. */
export function waitAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures
  if (over < 0) return 0
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(over, 30))
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type SignInThrottle = {
  /** May this address try this e-mail now? Does not count anything. */
  check(address: string, email: string): ThrottleVerdict
  recordFailure(address: string, email: string): void
  /** A right password clears that address's count for that e-mail (not its count across e-mails). */
  recordSuccess(address: string, email: string): void
}

export function createSignInThrottle(
  options: { pair?: ThrottlePolicy; address?: ThrottlePolicy; now?: () => number; maxKeys?: number } = {},
): SignInThrottle {
  const pair = options.pair ?? PAIR_POLICY
  const byAddress = options.address ?? ADDRESS_POLICY
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 50_000
  const entries = new Map<string, Entry>()

  const pairKey = (address: string, email: string) =>
    `${rateLimitKey(address)}\n${email.trim().toLowerCase()}`
  const addressKey = (address: string) => `${rateLimitKey(address)}\n`
  const policyOf = (key: string) => (key.endsWith('\n') ? byAddress : pair)

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key)
    if (entry && at - entry.lastFailureAt > policyOf(key).forgetAfterMs) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  function remainingMs(key: string, at: number): number {
    const entry = live(key, at)
    if (!entry) return 0
    return Math.max(0, entry.lastFailureAt + waitAfter(entry.failures, policyOf(key)) - at)
  }

  function prune(at: number) {
    for (const key of entries.keys()) live(key, at)
    // Still too many (a flood of distinct addresses): drop the oldest, which Map order puts first.
    for (const key of entries.keys()) {
      if (entries.size <= maxKeys) break
      entries.delete(key)
    }
  }

  function fail(key: string, at: number) {
    const entry = live(key, at)
    entries.delete(key)
    entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastFailureAt: at })
  }

  return {
    check(address, email) {
      const at = now()
      const wait = Math.max(remainingMs(pairKey(address, email), at), remainingMs(addressKey(address), at))
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
    },
    recordFailure(address, email) {
      const at = now()
      if (entries.size >= maxKeys) prune(at)
      fail(pairKey(address, email), at)
      fail(addressKey(address), at)
    },
    recordSuccess(address, email) {
      entries.delete(pairKey(address, email))
    },
  }
}
