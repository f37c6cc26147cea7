import { DocumentTextIcon } from '@sanity/icons/DocumentText'
import { defineField, defineType } from 'sanity'
import { altTextField, photoCreditField, slugField } from '../fields'

/** A post on the /news page. */
export const newsPostType = defineType({
  name: 'newsPost',
  title: 'News post',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'The headline on the news page, in the browser tab and in link previews.',
      validation: (rule) => rule.required().max(120),
    }),
    slugField({
      description: 'The post’s address: /news/<slug>. Keep it once the post is published.',
      source: 'title',
    }),
    defineField({
      name: 'publishedAt',
      title: 'Published at',
      type: 'datetime',
      description:
        'When the post appears on the site. A time in the future schedules it: the post stays hidden until then, ' +
        'even once published. Posts are listed newest first.',
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
      description: 'The picture at the top of the post and on its card in the news list (optional).',
      options: { hotspot: true },
      fields: [altTextField({ required: true }), photoCreditField()],
    }),
    defineField({
      name: 'body',
      type: 'blockContent',
      description: 'The post itself: paragraphs, headings, lists, links, pictures and YouTube videos.',
      validation: (rule) => rule.required(),
    }),
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
