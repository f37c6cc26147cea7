import type { ContentStore, SanityDocument } from '../engine'

/**
 * Content migration of ADR 193: the band manager's texts become `{en, es}` objects. A text of the old shape (a
 * string, or portable text for rich text) moves unchanged to `en`; nothing else of the document changes. News
 * posts without a language are English. Idempotent: a value already of the new shape is left alone, so it runs
 * at every start-up (published documents, drafts and release versions alike) and writes only what is left.
 */
type LocaleType = 'localeString' | 'localeText' | 'localeBlockContent'

/** Each document type's translatable fields, by path (`logo.alt`: the alt text inside the logo image). */
export const TRANSLATABLE_FIELDS: Record<string, Record<string, LocaleType>> = {
  siteSettings: {
    tagline: 'localeString',
    description: 'localeText',
    footerCopyright: 'localeString',
    about: 'localeBlockContent',
    'logo.alt': 'localeString',
    'ogImage.alt': 'localeString',
    'heroPoster.alt': 'localeString',
    'heroFallbackImage.alt': 'localeString',
    'bandPhoto.alt': 'localeString',
  },
  newsletterPopup: { title: 'localeString', text: 'localeText' },
  tourPromo: { heading: 'localeString', body: 'localeBlockContent' },
  event: { notes: 'localeText' },
  mediaItem: { caption: 'localeString', alt: 'localeString' },
  area: { name: 'localeString' },
}

/** The old shape: a string for plain texts, an array of blocks for rich text. */
function isOldShape(value: unknown, type: LocaleType): boolean {
  return type === 'localeBlockContent' ? Array.isArray(value) : typeof value === 'string'
}

/**
 * The `set` patch that brings one document to the new shape, or null when it has nothing of the old shape.
 * A path whose parent is missing (no logo) or whose value is unset is left as it is.
 */
export function twoLanguagesPatch(doc: SanityDocument): Record<string, unknown> | null {
  const set: Record<string, unknown> = {}
  for (const [path, type] of Object.entries(TRANSLATABLE_FIELDS[doc._type] ?? {})) {
    const value = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc)
    if (isOldShape(value, type)) set[path] = { _type: type, en: value }
  }
  if (doc._type === 'newsPost' && typeof doc.language !== 'string') set.language = 'en'
  return Object.keys(set).length > 0 ? set : null
}

/** How many documents a commit carries: one transaction per batch keeps each small. */
const BATCH = 200

/** Migrates `dataset`; resolves to the number of documents changed (0 once migrated). */
export async function migrateTwoLanguages(store: ContentStore, dataset: string): Promise<number> {
  if (!store.hasDataset(dataset)) return 0
  const patches: { id: string; set: Record<string, unknown> }[] = []
  for (const doc of store.dataset(dataset).docs.values()) {
    const set = twoLanguagesPatch(doc)
    if (set) patches.push({ id: doc._id, set })
  }
  for (let from = 0; from < patches.length; from += BATCH) {
    const batch = patches.slice(from, from + BATCH)
    await store.commit(
      dataset,
      { author: 'migration', request: { migration: 'two-languages', documents: batch.length } },
      (ws) => {
        for (const { id, set } of batch) ws.apply(id, { patch: { id, set } })
      },
    )
  }
  return patches.length
}
