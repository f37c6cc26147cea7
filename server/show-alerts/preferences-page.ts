import { LANGUAGES, type Area, type SubscriberPreferences } from '../newsletter/subscriber-preferences'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Español' }

/**
 * The preferences page a mail links to (a signed link, no account): areas, language, or leaving. Plain HTML
 * with no script or style of its own, so it works in any mail client's browser and under the site's CSP.
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
  const chosen = new Set(prefs.areas)
  const areaBoxes = areas
    .map(
      (area) =>
        `<label><input type="checkbox" name="areas" value="${escapeHtml(area.slug)}"${chosen.has(area.slug) ? ' checked' : ''}> ${escapeHtml(area.name)}</label><br>`,
    )
    .join('\n')
  const languages = LANGUAGES.map(
    (lang) =>
      `<label><input type="radio" name="language" value="${lang}"${prefs.language === lang ? ' checked' : ''}> ${LANGUAGE_NAMES[lang]}</label>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Your mail from ${escapeHtml(band)}</title></head>
<body>
<main>
<h1>Your mail from ${escapeHtml(band)}</h1>
${saved ? '<p role="status">Saved.</p>' : ''}
<form method="post" action="${escapeHtml(formAction)}">
<fieldset>
<legend>Tell me when a show is announced in</legend>
${areaBoxes || '<p>The band has not named any areas yet: you hear of every show.</p>'}
<p>Choose none to hear of shows everywhere.</p>
</fieldset>
<fieldset>
<legend>Language of the mail</legend>
${languages}
</fieldset>
<p><button type="submit">Save</button></p>
</form>
<form method="post" action="${escapeHtml(unsubscribeAction)}">
<p><button type="submit">Unsubscribe from all mail</button></p>
</form>
</main>
</body>
</html>`
}

export const invalidLinkPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Link not valid</title></head>
<body><main><h1>This link is not valid</h1><p>Open the link from your latest mail again.</p></main></body></html>`
