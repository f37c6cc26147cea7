import { defineField, type SlugOptions, type SlugRule } from 'sanity'
import { isSlugUnique } from './validation'

/**
 * A document's `slug`: its address on the site. Required, unique in the dataset (drafts of the same document
 * aside) and at most 96 characters, generated from `source`; `validate` adds the document type's own rule.
 */
export function slugField({
  description,
  source,
  validate,
}: {
  description: string
  source: SlugOptions['source']
  validate?: Parameters<SlugRule['custom']>[0]
}) {
  return defineField({
    name: 'slug',
    type: 'slug',
    description,
    options: { source, maxLength: 96, isUnique: isSlugUnique },
    validation: (rule) => (validate ? rule.required().custom(validate) : rule.required()),
  })
}

/** A required choice among a few titled values, shown as a row of radio buttons. */
export function choiceField({
  name,
  description,
  list,
  initialValue,
}: {
  name: string
  description: string
  list: readonly { title: string; value: string }[]
  initialValue: string
}) {
  return defineField({
    name,
    type: 'string',
    description,
    options: { list: [...list], layout: 'radio', direction: 'horizontal' },
    initialValue,
    validation: (rule) => rule.required(),
  })
}
