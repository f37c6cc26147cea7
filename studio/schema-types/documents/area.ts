import { PinIcon } from '@sanity/icons/Pin'
import { defineField, defineType } from 'sanity'
import { slugField } from '../fields'
import { localeField } from '../objects/locale-fields'

/**
 * A region the band tours (Southern California, Bay Area, Mexico City): fans choose areas to hear of shows
 * there, and each show belongs to one. What it covers suggests the area of a show from its venue.
 */
export const areaType = defineType({
  name: 'area',
  title: 'Area',
  type: 'document',
  icon: PinIcon,
  fields: [
    localeField({
      name: 'name',
      type: 'localeString',
      required: true,
      max: 60,
      description:
        'As fans read it on the sign-up form, the tour page, the calendar and in mail, e.g. "Bay Area" / "Área de la Bahía".',
    }),
    slugField({
      description: 'Its name in links and in fans’ choices; do not change it once fans have chosen the area.',
      source: 'name.en',
    }),
    defineField({
      name: 'country',
      type: 'string',
      description:
        'Two-letter country code of the area, e.g. US or MX; leave empty for an area across borders.',
      validation: (rule) =>
        rule
          .regex(/^[A-Z]{2}$/, { name: 'country code' })
          .error('Use a two-letter country code such as US or MX'),
    }),
    defineField({
      name: 'regions',
      title: 'States or provinces',
      type: 'array',
      of: [{ type: 'string' }],
      description: 'Shows in these (as the show’s region field writes them, e.g. AZ) belong here.',
      options: { layout: 'tags' },
    }),
    defineField({
      name: 'cities',
      type: 'array',
      of: [{ type: 'string' }],
      description: 'Shows in these cities belong here; a city match wins over a state match.',
      options: { layout: 'tags' },
    }),
    defineField({
      name: 'centre',
      type: 'object',
      description:
        'Optional: the middle of the area, for fans who let their browser find their nearest area.',
      fields: [
        defineField({
          name: 'lat',
          title: 'Latitude',
          type: 'number',
          description: 'Degrees north (negative: south), e.g. 34.42.',
          validation: (rule) => rule.min(-90).max(90),
        }),
        defineField({
          name: 'lng',
          title: 'Longitude',
          type: 'number',
          description: 'Degrees east (negative: west), e.g. -119.7.',
          validation: (rule) => rule.min(-180).max(180),
        }),
      ],
    }),
    defineField({
      name: 'radiusKm',
      title: 'Radius (km)',
      type: 'number',
      description: 'Optional: how far from the centre the area reaches.',
      validation: (rule) => rule.min(1).max(2000),
    }),
  ],
  preview: {
    select: { title: 'name.en', regions: 'regions', cities: 'cities' },
    prepare: ({ title, regions, cities }: { title?: string; regions?: string[]; cities?: string[] }) => ({
      title: title || 'New area',
      subtitle: [...(regions ?? []), ...(cities ?? [])].join(', ') || undefined,
    }),
  },
})
