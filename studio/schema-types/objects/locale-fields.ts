import { defineField, defineType, type FieldDefinition, type Rule } from 'sanity'

/**
 * A text the band manager writes in both languages (ADR 193): one object `{en, es}` on the document, the two
 * values side by side in the Studio and published together. English is the text of record; a Spanish page
 * shows it, marked `lang="en"`, while the Spanish value is missing, and the Studio warns about each such gap.
 */
export const LOCALE_TITLES = { en: 'English', es: 'Español' } as const

/** What the warning on an empty Spanish value says: the page will show the English text instead. */
export const SPANISH_MISSING = 'Spanish missing: the Spanish page shows the English text'

/** A warning (never an error: English alone may be published) when English is written and Spanish is not. */
export function spanishMissing(es: unknown, parent: unknown): true | string {
  const en = (parent as { en?: unknown } | undefined)?.en
  return isWritten(en) && !isWritten(es) ? SPANISH_MISSING : true
}

/** A string with something in it, or portable text with at least one block. */
export function isWritten(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== ''
  return Array.isArray(value) && value.length > 0
}

type Member = { type: 'string' | 'text' | 'blockContent'; rows?: number }

function localeType(name: string, title: string, member: Member) {
  const extra = member.rows ? { rows: member.rows } : {}
  const en: FieldDefinition = {
    name: 'en',
    title: LOCALE_TITLES.en,
    type: member.type,
    ...extra,
    description: 'The English text, shown on the English pages.',
  } as FieldDefinition
  const es: FieldDefinition = {
    name: 'es',
    title: LOCALE_TITLES.es,
    type: member.type,
    ...extra,
    description: 'The Spanish text, shown on the pages under /es/. Empty: those pages show the English.',
    validation: (rule: Rule) =>
      rule.custom((value: unknown, context) => spanishMissing(value, context.parent)).warning(),
  } as FieldDefinition
  return defineType({
    name,
    title,
    type: 'object',
    // Two columns: the English and the Spanish text next to each other (one column on a narrow screen).
    options: { columns: 2 },
    fields: [en, es],
  })
}

/** One line in both languages (a tagline, a caption, an alt text). */
export const localeStringType = localeType('localeString', 'Text in English and Spanish', { type: 'string' })
/** A few lines in both languages (a description, a show's note). */
export const localeTextType = localeType('localeText', 'Text in English and Spanish', {
  type: 'text',
  rows: 3,
})
/** Rich text in both languages (the about section, the tour promo's lines). */
export const localeBlockContentType = localeType('localeBlockContent', 'Rich text in English and Spanish', {
  type: 'blockContent',
})

export const LOCALE_TYPES = ['localeString', 'localeText', 'localeBlockContent'] as const
export type LocaleTypeName = (typeof LOCALE_TYPES)[number]

type LocaleValue = { en?: unknown; es?: unknown } | undefined

/** Rules on the English value: `required` and a length limit apply to each language. */
export function localeRules({ required = false, max }: { required?: boolean; max?: number }) {
  return (value: unknown): true | string => {
    const { en, es } = (value ?? {}) as NonNullable<LocaleValue>
    if (required && !isWritten(en)) return 'Write the English text (the Spanish may follow later)'
    if (max !== undefined) {
      for (const [language, text] of [
        ['English', en],
        ['Spanish', es],
      ] as const) {
        if (typeof text === 'string' && text.length > max)
          return `The ${language} text is longer than ${max} characters`
      }
    }
    return true
  }
}

/** A field of one of the locale types, with the rules above on the pair. */
export function localeField(
  definition: Omit<FieldDefinition, 'type' | 'validation'> & {
    type: LocaleTypeName
    required?: boolean
    max?: number
    description: string
  },
) {
  const { required, max, ...field } = definition
  return defineField({
    ...field,
    validation: (rule) => rule.custom(localeRules({ required, max })),
  } as FieldDefinition)
}
