import { defineField, type SlugOptions, type SlugRule } from 'sanity'
import { localeRules } from './objects/locale-fields'
import { hasAsset, isSlugUnique, validateAlt, validatePhotoCredit } from './validation'

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

/**
 * An image's `alt`: what the picture shows, read by screen readers and search engines. `required`: the picture is
 * part of the page's content (not decoration), so a chosen picture cannot be published without it. `localized`:
 * the picture appears on both languages' pages, so its alt text is written in both (ADR 193); a picture inside a
 * news post has the post's one language.
 */
export function altTextField({ required, localized = false }: { required: boolean; localized?: boolean }) {
  const description = `What the picture shows, for people who cannot see it, e.g. "The four band members on a desert road at dusk".${required ? '' : ' Optional for this picture.'}`
  if (localized) {
    return defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'localeString',
      description,
      validation: (rule) =>
        rule.custom((value, context) => {
          const en = (value as { en?: unknown } | undefined)?.en
          const alt = validateAlt(en, required && hasAsset(context.parent))
          return alt === true ? localeRules({})(value) : alt
        }),
    })
  }
  return defineField({
    name: 'alt',
    title: 'Alternative text',
    type: 'string',
    description,
    validation: (rule) =>
      rule.custom((value, context) => validateAlt(value, required && hasAsset(context.parent))),
  })
}

/** An image's `credit`: the photographer, shown with the picture on the site and required once a picture is chosen. */
export function photoCreditField() {
  return defineField({
    name: 'credit',
    title: 'Photographer credit',
    type: 'string',
    description: 'Shown with the picture on the site, e.g. "Photo: Ana Ruiz".',
    validation: (rule) =>
      rule.custom((value, context) => validatePhotoCredit(value, hasAsset(context.parent))),
  })
}
