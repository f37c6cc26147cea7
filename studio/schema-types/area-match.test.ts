import { describe, expect, it } from 'vitest'
import { suggestArea, validateShowArea, type AreaCoverage } from './area-match'

const AREAS: AreaCoverage[] = [
  {
    _id: 'area-socal',
    name: 'Southern California',
    country: 'US',
    regions: ['CA'],
    cities: ['Laguna Beach'],
  },
  { _id: 'area-coast', name: 'Central Coast', country: 'US', cities: ['Santa Barbara', 'Ojai'] },
  { _id: 'area-az', name: 'Arizona', country: 'US', regions: ['AZ'] },
  { _id: 'area-cdmx', name: 'Mexico City', country: 'MX', cities: ['Ciudad de México'] },
]

describe('the area a show is suggested from its venue', () => {
  it('prefers the area naming the city over the one covering the state', () => {
    expect(suggestArea(AREAS, { city: 'santa barbara', region: 'CA', country: 'US' })?._id).toBe('area-coast')
    expect(suggestArea(AREAS, { city: 'Fresno', region: 'CA', country: 'US' })?._id).toBe('area-socal')
    expect(suggestArea(AREAS, { city: 'Tucson', region: 'AZ', country: 'US' })?._id).toBe('area-az')
  })

  it('keeps to the area’s country and suggests nothing where no area covers the venue', () => {
    expect(suggestArea(AREAS, { city: 'Ciudad de México', country: 'MX' })?._id).toBe('area-cdmx')
    expect(suggestArea(AREAS, { city: 'Ojai', region: 'CA', country: 'MX' })).toBeNull()
    expect(suggestArea(AREAS, { city: 'Portland', region: 'OR', country: 'US' })).toBeNull()
  })

  it('warns about a future show without an area, naming the suggestion; not a past one or one with an area', async () => {
    const now = new Date('2026-01-01T00:00:00Z')
    const future = { startsAt: '2026-05-01T03:00:00Z', city: 'Ojai', region: 'CA', country: 'US' }
    const fetchAreas = async () => AREAS
    expect(await validateShowArea(undefined, future, fetchAreas, now)).toMatch(/Ojai is in Central Coast/)
    expect(
      await validateShowArea(undefined, { ...future, city: 'Portland', region: 'OR' }, fetchAreas, now),
    ).toMatch(/needs an area/)
    expect(await validateShowArea({ _ref: 'area-coast' }, future, fetchAreas, now)).toBe(true)
    expect(
      await validateShowArea(undefined, { ...future, startsAt: '2025-05-01T03:00:00Z' }, fetchAreas, now),
    ).toBe(true)
  })
})
