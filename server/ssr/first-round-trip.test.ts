import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FIRST_ROUND_TRIP_BYTES, fitsFirstRoundTrip } from './first-round-trip'

describe('fitsFirstRoundTrip', async () => {
  it('counts the page as the page cache sends it, compressed', async () => {
    // 100 KB of markup that compresses to far less than the window.
    expect(await fitsFirstRoundTrip('<p>Los Forasteros</p>'.repeat(5000))).toBe(true)
  })

  it('refuses a page whose compressed bytes are over the first window', async () => {
    const justOver = randomBytes(FIRST_ROUND_TRIP_BYTES).toString('base64')
    const justUnder = randomBytes(Math.floor(FIRST_ROUND_TRIP_BYTES * 0.6)).toString('base64')
    expect(await fitsFirstRoundTrip(justOver)).toBe(false)
    expect(await fitsFirstRoundTrip(justUnder)).toBe(true)
  })
})
