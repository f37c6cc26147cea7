type Part = string | null | undefined

/** Where a show happens: its venue and address parts, each optional but the venue's name and city. */
export type VenueParts = {
  venue: Part
  city: Part
  address?: Part
  region?: Part
  postalCode?: Part
  country?: Part
}

/**
 * A venue as a schema.org `Place` with its `PostalAddress`; absent parts are left out rather than written empty.
 * The home page's MusicEvents and a show page's event both describe their venue with it.
 */
export function schemaPlace(venue: VenueParts): Record<string, unknown> {
  return {
    '@type': 'Place',
    name: venue.venue,
    address: {
      '@type': 'PostalAddress',
      ...(venue.address ? { streetAddress: venue.address } : {}),
      addressLocality: venue.city,
      ...(venue.region ? { addressRegion: venue.region } : {}),
      ...(venue.postalCode ? { postalCode: venue.postalCode } : {}),
      ...(venue.country ? { addressCountry: venue.country } : {}),
    },
  }
}
