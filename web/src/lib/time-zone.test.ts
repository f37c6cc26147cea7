import { describe, expect, it } from 'vitest'
import { isoWithOffset, localDateKey, shortDateLabel, utcOffset } from './time-zone'

const LA = 'America/Los_Angeles'

describe('time zone helpers', () => {
  it('gives the calendar date in the zone, not in UTC', () => {
    expect(localDateKey(new Date('2025-10-26T02:00:00Z'), LA)).toBe('2025-10-25')
    expect(localDateKey(new Date('2025-10-26T02:00:00Z'), 'UTC')).toBe('2025-10-26')
  })

  it('writes ISO times with the offset in force (daylight saving and standard time)', () => {
    expect(isoWithOffset(new Date('2025-10-26T02:00:00Z'), LA)).toBe('2025-10-25T19:00:00-07:00')
    expect(isoWithOffset(new Date('2025-11-07T03:00:00Z'), LA)).toBe('2025-11-06T19:00:00-08:00')
    expect(utcOffset(new Date('2025-01-01T00:00:00Z'), 'UTC')).toBe('+00:00')
    expect(isoWithOffset(new Date('2025-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2025-07-01T17:30:00+05:30')
  })

  it('labels dates the way the spec lists them', () => {
    expect(shortDateLabel(new Date('2025-09-05T02:00:00Z'), LA)).toBe('Sep 4 2025')
  })
})
