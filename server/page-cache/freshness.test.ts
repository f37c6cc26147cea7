import { describe, expect, it } from 'vitest'
import { freshnessFor } from './freshness'

const at = (iso: string) => ({ now: () => new Date(iso) })

describe('freshnessFor', () => {
  it('without a known date change, ends at the next quarter hour of the site clock, where any zone can start a new day', () => {
    let now = '2025-10-01T06:59:59.000Z'
    const clock = { now: () => new Date(now) }
    const freshness = freshnessFor({ clock })
    expect(freshness.isFresh()).toBe(true)
    // Midnight in Los Angeles (UTC-7 in October): a show of Sep 30 is past from here on.
    now = '2025-10-01T07:00:00.000Z'
    expect(freshness.isFresh()).toBe(false)
    // Kathmandu (UTC+5:45) starts its day at 18:15 UTC.
    now = '2025-10-01T18:14:00.000Z'
    const nepal = freshnessFor({ clock })
    now = '2025-10-01T18:15:00.000Z'
    expect(nepal.isFresh()).toBe(false)
  })

  it('never ages on a pinned clock by itself', () => {
    const freshness = freshnessFor({ clock: at('2025-10-01T19:00:00Z') })
    expect(freshness.isFresh()).toBe(true)
  })

  it('ends when a scheduled document becomes public, and after the maximum age', () => {
    let wall = 1_000_000
    const clock = at('2025-10-01T19:00:00Z')
    const scheduled = freshnessFor({ clock, scheduledAt: 1_000_500, wallNow: () => wall })
    const aged = freshnessFor({ clock, maxAgeMs: 60_000, wallNow: () => wall })
    wall = 1_000_499
    expect(scheduled.isFresh()).toBe(true)
    wall = 1_000_500
    expect(scheduled.isFresh()).toBe(false)
    expect(aged.isFresh()).toBe(true)
    wall = 1_060_000
    expect(aged.isFresh()).toBe(false)
  })
})
