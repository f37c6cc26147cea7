import { describe, expect, it } from 'vitest'
import { pageRange } from './page-range'

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) })) as never[]

describe('the subscriber list pager', () => {
  it('says which rows of an exact total are shown, and whether more follow', () => {
    expect(pageRange({ items: items(50), total: 240, totalCapped: false }, 0, 50)).toEqual({
      label: '1–50 of 240',
      hasNext: true,
      shown: true,
    })
    expect(pageRange({ items: items(40), total: 240, totalCapped: false }, 200, 50)).toMatchObject({
      label: '201–240 of 240',
      hasNext: false,
    })
    expect(pageRange({ items: items(50), total: 100, totalCapped: false }, 50, 50).hasNext).toBe(false)
    expect(pageRange({ items: items(12), total: 12, totalCapped: false }, 0, 50).shown).toBe(false)
  })

  it('says "more than" a capped total, and offers Next until a page comes back short', () => {
    expect(pageRange({ items: items(50), total: 1000, totalCapped: true }, 1000, 50)).toEqual({
      label: '1,001–1,050 of more than 1,000',
      hasNext: true,
      shown: true,
    })
    expect(pageRange({ items: items(7), total: 1000, totalCapped: true }, 1050, 50).hasNext).toBe(false)
  })
})
