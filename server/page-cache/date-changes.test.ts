import { describe, expect, it } from 'vitest'
import type { ContentClient } from '../../web/src/lib/content-client'
import { localDayEnd, nextDateChange } from './date-changes'

const readerOf = (shows: { startsAt: string; timeZone: string | null }[]): ContentClient => ({
  fetch: async <T>(_query: string, params?: Record<string, unknown>) =>
    shows
      .filter((show) => show.startsAt > String(params?.since))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt)) as T,
})

describe('nextDateChange', () => {
  it("is the end of a show's day in its own zone, or the start of a show ahead, whichever comes first", async () => {
    const reader = readerOf([
      // Sep 30, 19:00 in Los Angeles: past from Oct 1, 07:00 UTC.
      { startsAt: '2025-10-01T02:00:00Z', timeZone: 'America/Los_Angeles' },
      { startsAt: '2025-10-03T02:00:00Z', timeZone: 'America/Mexico_City' },
      { startsAt: '2024-01-01T02:00:00Z', timeZone: 'UTC' },
    ])
    expect(await nextDateChange(reader, new Date('2025-10-01T03:00:00Z'))).toBe(
      Date.parse('2025-10-01T07:00:00Z'),
    )
    expect(await nextDateChange(reader, new Date('2025-10-01T07:00:00Z'))).toBe(
      Date.parse('2025-10-03T02:00:00Z'),
    )
    // Oct 2, 20:00 in Mexico City (UTC-6) ends at Oct 3, 06:00 UTC.
    expect(await nextDateChange(reader, new Date('2025-10-03T02:00:00Z'))).toBe(
      Date.parse('2025-10-03T06:00:00Z'),
    )
    expect(await nextDateChange(reader, new Date('2025-10-04T00:00:00Z'))).toBe(Number.POSITIVE_INFINITY)
  })

  it('ends a day on a quarter hour, in zones off the hour and without a zone', () => {
    // Kathmandu (UTC+5:45) starts its day at 18:15 UTC.
    expect(localDayEnd(Date.parse('2025-10-01T10:00:00Z'), 'Asia/Kathmandu')).toBe(
      Date.parse('2025-10-01T18:15:00Z'),
    )
    expect(localDayEnd(Date.parse('2025-10-01T23:59:00Z'), 'UTC')).toBe(Date.parse('2025-10-02T00:00:00Z'))
  })
})
