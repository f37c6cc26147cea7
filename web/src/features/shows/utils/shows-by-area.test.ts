import { describe, expect, it } from 'vitest'
import { showRecord } from '../testing/show-record'
import { toShow, type Show } from './show-rules'
import { showsByArea } from './shows-by-area'

const area = (slug: string) => ({ slug, name: slug.toUpperCase(), nameLang: null })

const show = (id: string, startsAt: string, areaSlug: string | null): Show =>
  toShow(
    showRecord({ _id: id, slug: id, startsAt, venue: `Venue ${id}`, area: areaSlug ? area(areaSlug) : null }),
  )!

const ids = (groups: ReturnType<typeof showsByArea>) =>
  groups.map((group) => [group.area?.slug ?? null, group.shows.map((s) => s.id)])

describe('showsByArea', () => {
  it('groups in the area links’ order, date order within, the shows with no area last', () => {
    const page = [
      show('a', '2026-01-01T02:00:00Z', 'bay-area'),
      show('b', '2026-01-02T02:00:00Z', null),
      show('c', '2026-01-03T02:00:00Z', 'arizona'),
      show('d', '2026-01-04T02:00:00Z', 'bay-area'),
      show('e', '2026-01-05T02:00:00Z', null),
    ]
    expect(ids(showsByArea(page, ['arizona', 'bay-area', 'socal']))).toEqual([
      ['arizona', ['c']],
      ['bay-area', ['a', 'd']],
      [null, ['b', 'e']],
    ])
  })

  it('puts an area the links do not know after the known ones, and before the shows with none', () => {
    const page = [
      show('a', '2026-01-01T02:00:00Z', null),
      show('b', '2026-01-02T02:00:00Z', 'gone'),
      show('c', '2026-01-03T02:00:00Z', 'arizona'),
    ]
    expect(ids(showsByArea(page, ['arizona']))).toEqual([
      ['arizona', ['c']],
      ['gone', ['b']],
      [null, ['a']],
    ])
  })

  it('gives nothing for no shows', () => {
    expect(showsByArea([], ['arizona'])).toEqual([])
  })
})
