import type { Locale } from '../../../lib/i18n/locale-contract'

/** A post's address under its own language: /news/<slug>, /es/news/<slug> (ADR 193). */
export function localeNewsPostPath(slug: string, locale: Locale): string {
  return `${locale === 'es' ? '/es' : ''}/news/${encodeURIComponent(slug)}`
}

export type PostTranslation = { locale: Locale; path: string }

/**
 * The other language's version of a post, as `newsPostQuery` resolves it (linked from either side, listed), or
 * null when the post exists in one language only: what the page's hreflang alternates and language switch
 * point at for a news post.
 */
export function translationOf(post: {
  translation?: { language: string | null; slug: string | null } | null
}): PostTranslation | null {
  const translation = post.translation
  if (!translation?.slug || (translation.language !== 'en' && translation.language !== 'es')) return null
  return { locale: translation.language, path: localeNewsPostPath(translation.slug, translation.language) }
}
