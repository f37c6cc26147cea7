import { describe, expect, it } from 'vitest'
import { distanceKm, nearestArea, type LocatedArea } from './nearest-area'

// The seed's areas (content/seed/production.ndjson).
const AREAS: LocatedArea[] = [
  { slug: 'arizona', centre: { lat: 33.45, lng: -112.07 }, radiusKm: 300 },
  { slug: 'bay-area', centre: { lat: 37.77, lng: -122.27 }, radiusKm: 90 },
  { slug: 'central-coast', centre: { lat: 34.42, lng: -119.7 }, radiusKm: 120 },
  { slug: 'mexico-city', centre: { lat: 19.43, lng: -99.13 }, radiusKm: 60 },
  { slug: 'southern-california', centre: { lat: 33.9, lng: -117.9 }, radiusKm: 150 },
]

describe('distanceKm', () => {
  it('measures the great circle: Los Angeles to San Francisco is about 559 km', () => {
    expect(distanceKm({ lat: 34.05, lng: -118.24 }, { lat: 37.77, lng: -122.42 })).toBeCloseTo(559, -1)
  })

  it('is zero for the same point and symmetric', () => {
    const a = { lat: 19.43, lng: -99.13 }
    const b = { lat: 33.45, lng: -112.07 }
    expect(distanceKm(a, a)).toBe(0)
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9)
  })
})

describe('nearestArea', () => {
  it('finds the area whose circle holds the position', () => {
    expect(nearestArea({ lat: 37.8716, lng: -122.2727 }, AREAS)).toBe('bay-area') // Berkeley
    expect(nearestArea({ lat: 32.2226, lng: -110.9747 }, AREAS)).toBe('arizona') // Tucson
    expect(nearestArea({ lat: 19.36, lng: -99.18 }, AREAS)).toBe('mexico-city')
  })

  it('takes the nearest centre where circles overlap', () => {
    // Ventura is inside both the Central Coast's and Southern California's circles; Santa Barbara's centre is nearer.
    expect(nearestArea({ lat: 34.28, lng: -119.29 }, AREAS)).toBe('central-coast')
    // Long Beach is inside both too, far nearer Southern California's centre.
    expect(nearestArea({ lat: 33.77, lng: -118.19 }, AREAS)).toBe('southern-california')
  })

  it('suggests nothing outside every circle: the fan keeps Everywhere', () => {
    expect(nearestArea({ lat: 40.71, lng: -74.0 }, AREAS)).toBeNull() // New York
    expect(nearestArea({ lat: 36.17, lng: -115.14 }, AREAS)).toBeNull() // Las Vegas, just past Arizona's reach
  })

  it('skips areas without a centre or a radius', () => {
    const areas: LocatedArea[] = [
      { slug: 'no-centre', radiusKm: 5000 },
      { slug: 'no-radius', centre: { lat: 0, lng: 0 } },
      { slug: 'half-centre', centre: { lat: 0, lng: null }, radiusKm: 5000 },
    ]
    expect(nearestArea({ lat: 0, lng: 0 }, areas)).toBeNull()
    expect(nearestArea({ lat: 0, lng: 0 }, [])).toBeNull()
  })

  it('counts the edge of a circle as inside', () => {
    const edge: LocatedArea = {
      slug: 'edge',
      centre: { lat: 0, lng: 0 },
      radiusKm: distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }),
    }
    expect(nearestArea({ lat: 1, lng: 0 }, [edge])).toBe('edge')
  })
})
