import { escapeHtml } from './confirmation-mail'
import type { NewsletterWords, PageWords } from './words/newsletter-words'

/**
 * A page the newsletter server answers itself, in the subscriber's language: plain HTML with no script or style,
 * so it works in any mail client's browser and under the site's CSP: the preferences page and its invalid-link
 * answer. The confirm and unsubscribe links end on the site's own pages, `/es/...` in Spanish (ADR 194).
 */
export function newsletterPage(
  words: NewsletterWords,
  page: PageWords,
  options: { band: string; origin: string; form?: { action: string; button: string } },
): string {
  const form = options.form
    ? `<form method="post" action="${escapeHtml(options.form.action)}"><p><button type="submit">${escapeHtml(options.form.button)}</button></p></form>\n`
    : ''
  return `<!doctype html>
<html lang="${words.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${escapeHtml(`${page.title} · ${options.band}`)}</title></head>
<body>
<main>
<h1>${escapeHtml(page.heading)}</h1>
${page.body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${form}<p><a href="${escapeHtml(options.origin)}/">${escapeHtml(words.pages.backHome)}</a></p>
</main>
</body>
</html>`
}
