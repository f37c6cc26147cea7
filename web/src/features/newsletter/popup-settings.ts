/** The `newsletterPopup` singleton of the CMS (docs/architecture.md §3), with the values of docs/fan-site-rules.md §2 and §9 as defaults. */
export type NewsletterPopupSettings = {
  enabled: boolean
  /** Null while the CMS has none: the dialog shows its default in the page's language (its catalogue part). */
  title: string | null
  text: string | null
  /** "en" when the English title or text stands in for a missing Spanish one (ADR 193). */
  titleLang?: 'en' | null
  textLang?: 'en' | null
  /** Auto-open after this long on the site... */
  delayMs: number
  /** ...or once the visitor has scrolled this many pixels, whichever comes first. */
  scrollThresholdPx: number
}

export const DEFAULT_POPUP_SETTINGS: NewsletterPopupSettings = {
  enabled: true,
  title: null,
  text: null,
  delayMs: 12_000,
  scrollThresholdPx: 100,
}

/** The CMS document as queried: any field may be missing or null. */
export type PopupSettingsDocument = Partial<Record<keyof NewsletterPopupSettings, unknown>> | null | undefined

/** CMS content may be missing or half-filled; every absent or unusable field falls back to the default. */
export function resolvePopupSettings(doc: PopupSettingsDocument): NewsletterPopupSettings {
  const d = DEFAULT_POPUP_SETTINGS
  const text = (value: unknown, fallback: string | null) =>
    typeof value === 'string' && value.trim() ? value : fallback
  const count = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
  return {
    enabled: typeof doc?.enabled === 'boolean' ? doc.enabled : d.enabled,
    title: text(doc?.title, d.title),
    text: text(doc?.text, d.text),
    // Only where English stands in for a missing Spanish text (ADR 193).
    ...(doc?.titleLang === 'en' ? { titleLang: 'en' as const } : {}),
    ...(doc?.textLang === 'en' ? { textLang: 'en' as const } : {}),
    delayMs: count(doc?.delayMs, d.delayMs),
    scrollThresholdPx: count(doc?.scrollThresholdPx, d.scrollThresholdPx),
  }
}
