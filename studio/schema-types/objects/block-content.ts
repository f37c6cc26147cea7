import { defineArrayMember, defineField, defineType } from 'sanity'
import { validateAlt } from '../validation'

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
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          description: 'What the picture shows, for screen readers and when it cannot load.',
          validation: (rule) => rule.custom((value, context) => validateAlt(value, hasAsset(context.parent))),
        }),
        defineField({ name: 'caption', type: 'string', description: 'Shown under the picture.' }),
        defineField({ name: 'credit', type: 'string', description: 'Photographer, e.g. "Photo: Ana Ruiz".' }),
      ],
    }),
    defineArrayMember({ type: 'youtubeEmbed' }),
  ],
})

/** True when the image object around a field has an uploaded asset. */
export function hasAsset(parent: unknown): boolean {
  return Boolean((parent as { asset?: { _ref?: string } } | undefined)?.asset?._ref)
}
