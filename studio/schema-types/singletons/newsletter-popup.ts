import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'
import { localeField } from '../objects/locale-fields'

/** "Opens after 12 s or 100 px of scrolling": the popup's timing in words, as the document list shows it. */
export function popupTimingSummary(enabled: unknown, delayMs: unknown, scrollThresholdPx: unknown): string {
  if (enabled === false) return 'Opens only from the newsletter links'
  const seconds = typeof delayMs === 'number' ? `${Math.round(delayMs / 100) / 10} s` : '?'
  const pixels = typeof scrollThresholdPx === 'number' ? `${scrollThresholdPx} px` : '?'
  return `Opens after ${seconds} or ${pixels} of scrolling`
}

/** Copy and timing of the newsletter sign-up popup. */
export const newsletterPopupType = defineType({
  name: 'newsletterPopup',
  title: 'Newsletter popup',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    defineField({
      name: 'enabled',
      type: 'boolean',
      description: 'Off: the popup never opens by itself (the newsletter links still open it).',
      initialValue: true,
    }),
    localeField({
      name: 'title',
      type: 'localeString',
      description: 'The popup’s heading, e.g. "Stay in the Loop".',
      required: true,
      max: 80,
    }),
    localeField({
      name: 'text',
      type: 'localeText',
      description: 'One or two sentences under the heading: what subscribers get.',
      required: true,
      max: 400,
    }),
    defineField({
      name: 'delayMs',
      title: 'Opens after (milliseconds)',
      type: 'number',
      description:
        'How long a visitor is on the page before the popup opens, in thousandths of a second: ' +
        '12000 = 12 seconds (the default), 30000 = half a minute, 0 = at once.',
      initialValue: 12000,
      validation: (rule) => rule.required().integer().min(0).max(600000),
    }),
    defineField({
      name: 'scrollThresholdPx',
      title: 'Or once scrolled (pixels)',
      type: 'number',
      description:
        'The popup also opens as soon as the visitor scrolls this far down, whichever comes first: ' +
        '100 (the default) is a small nudge of the mouse wheel, 800 about one phone screen, 3000 about the tour dates.',
      initialValue: 100,
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
      enabled: 'enabled',
      delayMs: 'delayMs',
      scrollThresholdPx: 'scrollThresholdPx',
    },
    prepare: ({ title, enabled, delayMs, scrollThresholdPx }) => ({
      title: title || 'Newsletter popup',
      subtitle: popupTimingSummary(enabled, delayMs, scrollThresholdPx),
    }),
  },
})
