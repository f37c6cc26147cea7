import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'

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
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400) }),
    defineField({
      name: 'delayMs',
      title: 'Delay (milliseconds)',
      type: 'number',
      description: 'How long a visitor is on the page before the popup opens: 12000 = 12 seconds.',
      initialValue: 12000,
      validation: (rule) => rule.required().integer().min(0).max(600000),
    }),
    defineField({
      name: 'scrollThresholdPx',
      title: 'Scroll threshold (pixels)',
      type: 'number',
      description: 'The popup waits until the visitor has scrolled this far (100 by default).',
      initialValue: 100,
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  preview: { select: { title: 'title' }, prepare: ({ title }) => ({ title: title || 'Newsletter popup' }) },
})
