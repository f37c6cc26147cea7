import { BulbOutlineIcon } from '@sanity/icons/BulbOutline'
import { defineField, defineType } from 'sanity'
import { isWritten, localeField, localeRules } from '../objects/locale-fields'
import { neededWhen, validateHttpUrl, validateYouTubeId } from '../validation'

const isOn = (enabled: unknown) => enabled === true
/** A switched-on promo sells one show under a heading; a switched-off one may be half written. */
export const enabledPromoNeedsShow = neededWhen('enabled', isOn, 'An enabled promo needs its show')
const needsHeading = neededWhen('enabled', isOn, 'An enabled promo needs a heading')
/** The heading is written in both languages; an English one is what the promo needs. */
export const enabledPromoNeedsHeading = (value: unknown, context: { document?: unknown }) =>
  needsHeading(isWritten((value as { en?: unknown } | undefined)?.en) ? value : undefined, context)

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
      description: 'The show the promo sells; its date, venue and ticket link appear in the promo.',
      validation: (rule) => rule.custom(enabledPromoNeedsShow),
    }),
    defineField({
      name: 'heading',
      type: 'localeString',
      description: 'The promo’s title, e.g. "Live at the Arlington, Nov 6".',
      validation: (rule) =>
        rule.custom((value, context) => {
          const needed = enabledPromoNeedsHeading(value, context)
          return needed === true ? localeRules({ max: 120 })(value) : needed
        }),
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
    localeField({
      name: 'body',
      type: 'localeBlockContent',
      description: 'A few lines under the video: what makes this show special.',
    }),
    defineField({
      name: 'ticketUrl',
      title: 'Ticket URL',
      type: 'url',
      description: 'Defaults to the event’s ticket link on the site when empty.',
      validation: (rule) => rule.custom(validateHttpUrl),
    }),
  ],
  preview: {
    select: { heading: 'heading.en', enabled: 'enabled' },
    prepare: ({ heading, enabled }) => ({
      title: heading || 'Tour promo',
      subtitle: enabled ? 'Shown on the site' : 'Switched off',
    }),
  },
})
