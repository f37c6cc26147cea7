import { DocumentTextIcon } from '@sanity/icons/DocumentText'
import { defineField, defineType } from 'sanity'
import { hasAsset } from '../objects/block-content'
import { slugField } from '../fields'
import { validateAlt } from '../validation'

/** A post on the /news page. */
export const newsPostType = defineType({
  name: 'newsPost',
  title: 'News post',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(120) }),
    slugField({
      description: 'The post’s address: /news/<slug>. Keep it once the post is published.',
      source: 'title',
    }),
    defineField({
      name: 'publishedAt',
      title: 'Published at',
      type: 'datetime',
      description: 'Posts are listed newest first.',
      initialValue: () => new Date().toISOString(),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'excerpt',
      type: 'text',
      rows: 3,
      description: 'One or two sentences for the news list and link previews.',
      validation: (rule) => rule.max(300),
    }),
    defineField({
      name: 'coverImage',
      title: 'Cover image',
      type: 'image',
      options: { hotspot: true },
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) => rule.custom((value, context) => validateAlt(value, hasAsset(context.parent))),
        }),
      ],
    }),
    defineField({ name: 'body', type: 'blockContent', validation: (rule) => rule.required() }),
  ],
  orderings: [
    { title: 'Newest first', name: 'publishedAtDesc', by: [{ field: 'publishedAt', direction: 'desc' }] },
  ],
  preview: {
    select: { title: 'title', publishedAt: 'publishedAt', media: 'coverImage' },
    prepare: ({ title, publishedAt, media }) => ({
      title: title || 'Untitled post',
      subtitle: publishedAt ? String(publishedAt).slice(0, 10) : 'Not dated',
      media,
    }),
  },
})
