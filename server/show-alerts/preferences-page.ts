import { escapeHtml } from '../newsletter/confirmation-mail'
import { newsletterPage } from '../newsletter/newsletter-pages'
import {
  areaNameIn,
  LANGUAGES,
  type Area,
  type SubscriberPreferences,
} from '../newsletter/subscriber-preferences'
import { wordsFor } from '../newsletter/words/words-for'

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Español' }

/**
 * The preferences page a mail links to (a signed link, no account): areas, language, or leaving, in the
 * subscriber's language. Plain HTML with no script or style of its own, so it works in any mail client's browser
 * and under the site's CSP.
 */
export function preferencesPage({
  band,
  areas,
  prefs,
  formAction,
  unsubscribeAction,
  saved,
}: {
  band: string
  areas: Area[]
  prefs: SubscriberPreferences
  formAction: string
  unsubscribeAction: string
  saved: boolean
}): string {
  const w = wordsFor(prefs.language).preferences
  const chosen = new Set(prefs.areas)
  // Named and sorted in the page's language; an English name standing in for a missing Spanish one is marked.
  const areaBoxes = areas
    .map((area) => ({ slug: area.slug, ...areaNameIn(area, prefs.language) }))
    .sort((a, b) => a.name.localeCompare(b.name, prefs.language))
    .map(
      ({ slug, name, lang }) =>
        `<label><input type="checkbox" name="areas" value="${escapeHtml(slug)}"${chosen.has(slug) ? ' checked' : ''}> ${lang ? `<span lang="${lang}">${escapeHtml(name)}</span>` : escapeHtml(name)}</label><br>`,
    )
    .join('\n')
  const languages = LANGUAGES.map(
    (lang) =>
      `<label lang="${lang}"><input type="radio" name="language" value="${lang}"${prefs.language === lang ? ' checked' : ''}> ${LANGUAGE_NAMES[lang]}</label>`,
  ).join('\n')
  const title = escapeHtml(w.title(band))
  return `<!doctype html>
<html lang="${prefs.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
${saved ? `<p role="status">${escapeHtml(w.saved)}</p>` : ''}
<form method="post" action="${escapeHtml(formAction)}">
<fieldset>
<legend>${escapeHtml(w.areasLegend)}</legend>
${areaBoxes || `<p>${escapeHtml(w.noAreas)}</p>`}
<p>${escapeHtml(w.everywhere)}</p>
</fieldset>
<fieldset>
<legend>${escapeHtml(w.languageLegend)}</legend>
${languages}
</fieldset>
<p><button type="submit">${escapeHtml(w.save)}</button></p>
</form>
<form method="post" action="${escapeHtml(unsubscribeAction)}">
<p><button type="submit">${escapeHtml(w.leave)}</button></p>
</form>
</main>
</body>
</html>`
}

/** A preferences link that names nobody who still gets mail, in their language when it is known. */
export function invalidLinkPage(
  language: SubscriberPreferences['language'] | undefined,
  band: string,
  origin: string,
): string {
  const words = wordsFor(language)
  return newsletterPage(words, words.preferences.invalid, { band, origin })
}
