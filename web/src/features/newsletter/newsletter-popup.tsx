import { useDeferredModule } from '../../lib/first-load/use-deferred-module'
import { loadMessages, useLocale } from '../../lib/i18n/messages'
import type { Locale } from '../../lib/i18n/locale-contract'
import { resolvePopupSettings, type PopupSettingsDocument } from './popup-settings'
import { usePopupTriggers } from './use-popup-triggers'

/** The dialog's code with its strings in the page's language (one module-level loader per language). */
const dialogIn = (locale: Locale) => () =>
  Promise.all([import('./newsletter-dialog'), loadMessages(locale, ['newsletter'])]).then(
    ([module]) => module,
  )
const loadDialog = { en: dialogIn('en'), es: dialogIn('es') }

/**
 * The newsletter popup (docs/fan-site-rules.md §2, §4, §5): mounted once in the site layout. `settings` is the CMS's
 * `newsletterPopup` document; anything missing falls back to the values of docs/fan-site-rules.md §9. The triggers live here; the
 * dialog's code is fetched at the visitor's first input (not on load: ADR 130) and rendered from the
 * first open on.
 */
export function NewsletterPopup({
  settings: doc,
  bandName,
}: {
  settings?: PopupSettingsDocument
  /** The band's name from the site settings, for the consent wording. */
  bandName: string
}) {
  const settings = resolvePopupSettings(doc)
  const { open, setOpen, activated } = usePopupTriggers(settings)

  // Loaded at the first input so an open shows at once; nothing of it runs until then. An open by the delay
  // alone, with no input before it, loads it then (a local chunk, well inside the delay's own slack).
  const locale = useLocale()
  const dialog = useDeferredModule(loadDialog[locale], activated ? 'now' : 'first-input')

  if (!activated || !dialog) return null
  return <dialog.NewsletterDialog settings={settings} bandName={bandName} open={open} setOpen={setOpen} />
}
