import { BulbOutlineIcon } from '@sanity/icons/BulbOutline'
import { defineField, defineType } from 'sanity'
import { validateHttpUrl, validateYouTubeId } from '../validation'

/** The highlighted tour announcement (video, text and ticket link) tied to one event. */
export const tourPromoType = defineType({
  name: 'tourPromo',
  title: 'Tour promo',
  type: 'document',
  icon: BulbOutlineIcon,
  fields: [
    defineField({
      name: 'enabled',
      type: 'boolean',
      description: 'Switch the promo off without deleting its content.',
      initialValue: false,
    }),
    defineField({
      name: 'event',
      type: 'reference',
      to: [{ type: 'event' }],
      description: 'The show the promo sells.',
    }),
    defineField({
      name: 'heading',
      type: 'string',
      validation: (rule) =>
        rule.custom((value, context) =>
          (context.document as { enabled?: boolean } | undefined)?.enabled && !value
            ? 'An enabled promo needs a heading'
            : true,
        ),
    }),
    defineField({
      name: 'youtubeId',
      title: 'YouTube video id',
      type: 'string',
      description: 'The 11 characters after "v=" in the video URL.',
      validation: (rule) => rule.custom(validateYouTubeId),
    }),
    defineField({
      name: 'thumbnail',
      type: 'image',
      options: { hotspot: true },
      description: 'Shown before the video plays; YouTube’s thumbnail is used when empty.',
    }),
    defineField({ name: 'body', type: 'blockContent' }),
    defineField({
      name: 'ticketUrl',
      title: 'Ticket URL',
      type: 'url',
      description: 'Defaults to the event’s ticket link on the site when empty.',
      validation: (rule) => rule.custom(validateHttpUrl),
    }),
  ],
  preview: {
    select: { heading: 'heading', enabled: 'enabled' },
    prepare: ({ heading, enabled }) => ({
      title: heading || 'Tour promo',
      subtitle: enabled ? 'Shown on the site' : 'Switched off',
    }),
  },
})
