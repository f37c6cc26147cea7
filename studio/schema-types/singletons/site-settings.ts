import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { hasAsset } from '../objects/block-content'
import { validateAlt, validateHttpUrl } from '../validation'

/** An image with alt text; required alt where the picture is part of the page's content. */
function imageField(name: string, title: string, description: string, altRequired: boolean, group: string) {
  return defineField({
    name,
    title,
    type: 'image',
    group,
    description,
    options: { hotspot: true },
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        type: 'string',
        validation: (rule) =>
          rule.custom((value, context) => validateAlt(value, altRequired && hasAsset(context.parent))),
      }),
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
    defineField({ name: 'bandName', type: 'string', group: 'band', validation: (rule) => rule.required() }),
    defineField({
      name: 'tagline',
      type: 'string',
      group: 'band',
      description: 'Short line shown with the band name, e.g. "Son Jarocho meets the spaghetti Western".',
    }),
    defineField({
      name: 'about',
      type: 'blockContent',
      group: 'band',
      description: 'The about section of the home page.',
    }),
    imageField('logo', 'Logo', 'Shown over the band photo and in the header.', false, 'band'),
    imageField('bandPhoto', 'Band photo', 'The full-width photo below the about section.', true, 'band'),
    defineField({
      name: 'footerCopyright',
      title: 'Footer copyright',
      type: 'string',
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
    imageField('heroPoster', 'Hero poster', 'Shown while the hero video loads.', false, 'hero'),
    imageField(
      'heroFallbackImage',
      'Hero fallback image',
      'Shown instead of the video when it cannot play (or to visitors who prefer reduced motion).',
      true,
      'hero',
    ),
    defineField({
      name: 'bookingEmail',
      title: 'Booking e-mail',
      type: 'string',
      group: 'contact',
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
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      group: 'seo',
      description: 'Default description for search results and link previews (about 150 characters).',
      validation: (rule) =>
        rule.max(300).warning('Search engines cut descriptions after about 160 characters'),
    }),
    defineField({
      name: 'siteUrl',
      title: 'Site URL',
      type: 'url',
      group: 'seo',
      description: 'The public address of the site, e.g. https://yourband.example.com',
      validation: (rule) => rule.custom(validateHttpUrl),
    }),
    imageField('ogImage', 'Sharing image', 'The picture of link previews (1200 × 630).', false, 'seo'),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
})
