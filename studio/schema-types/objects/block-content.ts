import { defineArrayMember, defineField, defineType } from 'sanity'
import { altTextField } from '../fields'

/**
 * Rich text for the about blurb, the tour promo and news posts: paragraphs, two heading levels, lists,
 * links, images (with alt text, caption and credit) and YouTube embeds.
 */
export const blockContentType = defineType({
  name: 'blockContent',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
        { title: 'Quote', value: 'blockquote' },
      ],
      marks: {
        annotations: [
          defineArrayMember({
            name: 'link',
            type: 'object',
            title: 'Link',
            fields: [
              defineField({
                name: 'href',
                title: 'URL',
                type: 'url',
                description: 'Where the link goes: https://…, mailto:… or a page of this site such as /news.',
                validation: (rule) =>
                  rule.required().uri({ scheme: ['http', 'https', 'mailto'], allowRelative: true }),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({
      type: 'image',
      options: { hotspot: true },
      fields: [
        altTextField({ required: true }),
        defineField({ name: 'caption', type: 'string', description: 'Shown under the picture.' }),
        defineField({ name: 'credit', type: 'string', description: 'Photographer, e.g. "Photo: Ana Ruiz".' }),
      ],
    }),
    defineArrayMember({ type: 'youtubeEmbed' }),
  ],
})
