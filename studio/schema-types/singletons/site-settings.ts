import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { altTextField, photoCreditField } from '../fields'
import { localeField } from '../objects/locale-fields'

/** A picture of the settings with its alt text (required where the picture is content) and, for photos, its credit. */
function imageField({
  name,
  title,
  description,
  group,
  altRequired,
  credit = false,
}: {
  name: string
  title: string
  description: string
  group: string
  altRequired: boolean
  credit?: boolean
}) {
  return defineField({
    name,
    title,
    type: 'image',
    group,
    description,
    options: { hotspot: true },
    fields: [
      altTextField({ required: altRequired, localized: true }),
      ...(credit ? [photoCreditField()] : []),
    ],
  })
}

/** Band-wide copy and media: header, hero, about, contact, social links, footer and SEO defaults. */
export const siteSettingsType = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'band', title: 'Band', default: true },
    { name: 'hero', title: 'Hero' },
    { name: 'contact', title: 'Contact and social' },
    { name: 'seo', title: 'Search and sharing' },
  ],
  fields: [
    defineField({
      name: 'bandName',
      title: 'Band name',
      type: 'string',
      group: 'band',
      description: 'As it appears in the header, the browser tab, search results and e-mails to subscribers.',
      validation: (rule) => rule.required(),
    }),
    localeField({
      name: 'tagline',
      type: 'localeString',
      group: 'band',
      description: 'Short line shown with the band name, e.g. "Son Jarocho meets the spaghetti Western".',
    }),
    localeField({
      name: 'about',
      type: 'localeBlockContent',
      group: 'band',
      description: 'The about section of the home page.',
    }),
    imageField({
      name: 'logo',
      title: 'Logo',
      description: 'Shown over the band photo and in the header.',
      group: 'band',
      altRequired: false,
    }),
    imageField({
      name: 'bandPhoto',
      title: 'Band photo',
      description:
        'The full-width photo below the about section, with its photographer’s name in the corner.',
      group: 'band',
      altRequired: true,
      credit: true,
    }),
    localeField({
      name: 'footerCopyright',
      title: 'Footer copyright',
      type: 'localeString',
      group: 'band',
      description: 'The copyright line of the footer, e.g. "© 2025 <band name>".',
    }),
    defineField({
      name: 'heroVideo',
      title: 'Hero video',
      type: 'file',
      group: 'hero',
      description: 'Muted looping video at the top of the home page (MP4, a few MB at most).',
      options: { accept: 'video/mp4,video/webm' },
    }),
    imageField({
      name: 'heroPoster',
      title: 'Hero poster',
      description: 'Shown while the hero video loads.',
      group: 'hero',
      altRequired: false,
    }),
    imageField({
      name: 'heroFallbackImage',
      title: 'Hero fallback image',
      description:
        'Shown instead of the video when it cannot play (or to visitors who prefer reduced motion).',
      group: 'hero',
      altRequired: true,
    }),
    defineField({
      name: 'bookingEmail',
      title: 'Booking e-mail',
      type: 'string',
      group: 'contact',
      description:
        'Shown as the "Booking:" address of the contact section, e.g. booking@yourband.example.com.',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'contact',
      description: 'The row of icons near the footer, in this order.',
      of: [defineArrayMember({ type: 'socialLink' })],
      validation: (rule) => rule.unique(),
    }),
    localeField({
      name: 'description',
      type: 'localeText',
      group: 'seo',
      description: 'Default description for search results and link previews (about 150 characters).',
      max: 300,
    }),
    imageField({
      name: 'ogImage',
      title: 'Sharing image',
      description: 'The picture of link previews when a page has none of its own (1200 × 630).',
      group: 'seo',
      altRequired: false,
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
})
