import { defineField, defineType } from 'sanity'
import { validateHttpUrl } from '../validation'

export const SOCIAL_PLATFORMS = [
  { title: 'Instagram', value: 'instagram' },
  { title: 'Facebook', value: 'facebook' },
  { title: 'YouTube', value: 'youtube' },
  { title: 'Spotify', value: 'spotify' },
  { title: 'TikTok', value: 'tiktok' },
  { title: 'Bandcamp', value: 'bandcamp' },
  { title: 'X (Twitter)', value: 'x' },
] as const

/** One entry of the social links row (platform picks the icon). */
export const socialLinkType = defineType({
  name: 'socialLink',
  title: 'Social link',
  type: 'object',
  fields: [
    defineField({
      name: 'platform',
      type: 'string',
      description: 'Picks the icon shown on the site.',
      options: { list: [...SOCIAL_PLATFORMS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'url',
      title: 'URL',
      type: 'url',
      description: 'The band’s page on that network, e.g. https://www.instagram.com/yourband',
      validation: (rule) => rule.required().custom(validateHttpUrl),
    }),
  ],
  preview: { select: { title: 'platform', subtitle: 'url' } },
})
