import { DocumentTextIcon } from '@sanity/icons/DocumentText'
import { defineField, defineType } from 'sanity'
import { altTextField, choiceField, photoCreditField, slugField } from '../fields'
import { LOCALE_TITLES } from '../objects/locale-fields'

export const POST_LANGUAGES = [
  { title: LOCALE_TITLES.en, value: 'en' },
  { title: LOCALE_TITLES.es, value: 'es' },
] as const

/** A post's translation is a post in the other language (ADR 193); the link is read from either side. */
export function validateTranslation(
  translationLanguage: string | undefined,
  language: unknown,
): true | string {
  if (translationLanguage === undefined) return true
  return translationLanguage === language ? 'The translation must be a post in the other language' : true
}

/**
 * A post on the /news page, written for the readers of one language (ADR 193): it is listed on the news page of
 * its language only, and linked to its translation when there is one.
 */
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
    choiceField({
      name: 'language',
      description:
        'Who the post is written for: English posts are listed on /news, Spanish ones on /es/news. A post may exist in one language only.',
      list: POST_LANGUAGES,
      initialValue: 'en',
    }),
    defineField({
      name: 'translation',
      type: 'reference',
      to: [{ type: 'newsPost' }],
      weak: true,
      description:
        'Optional: the same news written for the other language’s readers. Link it on one of the two posts; the site links both ways.',
      options: {
        filter: ({ document }) => ({
          filter: 'language != $language && !(_id in [$id, $draft])',
          params: {
            language: (document as { language?: string }).language ?? 'en',
            id: document._id.replace(/^drafts\./, ''),
            draft: document._id.startsWith('drafts.') ? document._id : `drafts.${document._id}`,
          },
        }),
      },
      validation: (rule) =>
        rule.custom(async (value, context) => {
          const ref = (value as { _ref?: string } | undefined)?._ref
          if (!ref) return true
          const other = await context
            .getClient({ apiVersion: '2025-02-19' })
            .fetch<string | null>(
              '*[_id == $id][0].language',
              { id: ref },
              { tag: 'studio.post-translation' },
            )
          return validateTranslation(other ?? 'en', context.document?.language ?? 'en')
        }),
    }),
    slugField({
      description:
        'The post’s address: /news/<slug> for an English post, /es/news/<slug> for a Spanish one. Keep it once the post is published.',
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
    select: { title: 'title', publishedAt: 'publishedAt', media: 'coverImage', language: 'language' },
    prepare: ({ title, publishedAt, media, language }) => ({
      title: title || 'Untitled post',
      subtitle: `${String(language ?? 'en').toUpperCase()} · ${publishedAt ? String(publishedAt).slice(0, 10) : 'Not dated'}`,
      media,
    }),
  },
})
