import { mailHtmlHead, newsletterMail } from './mail-envelope'
import type { Mail } from './mailer'
import type { Language } from './subscriber-preferences'
import { wordsFor } from './words/words-for'

export type ConfirmationLinks = {
  /** Confirms the subscription (GET). */
  confirmUrl: string
  /** One-click unsubscribe endpoint (RFC 8058 POST; GET shows a page with a button). */
  unsubscribeUrl: string
  /** The preferences page (areas and language), where the server has one. */
  preferencesUrl?: string
  siteUrl: string
}

/** Text for HTML content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/**
 * A value for the plain-text part: control and formatting characters (line breaks, bidi overrides) become
 * spaces, so a stored name can never add lines of its own to the mail (names are also checked at sign-up).
 */
export const plainText = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()

/**
 * The double opt-in mail, in the subscriber's language: plain text and a simple, band-styled HTML part with the
 * same content. `bandName` is the site settings' name at sending time (ADR 074).
 */
export function confirmationMail(
  to: { email: string; firstName: string },
  { confirmUrl, unsubscribeUrl, preferencesUrl, siteUrl }: ConfirmationLinks,
  bandName: string,
  language: Language = 'en',
): Mail {
  const words = wordsFor(language)
  const w = words.confirmation
  const band = plainText(bandName)
  const subject = w.subject(band)
  const text = [
    w.greeting(plainText(to.firstName)),
    '',
    w.thanks(band),
    w.openLink,
    '',
    confirmUrl,
    '',
    w.notYou,
    '',
    `-- ${band}`,
    siteUrl,
    '',
    ...(preferencesUrl ? [`${words.preferencesLink}: ${preferencesUrl}`] : []),
    `${words.unsubscribeLink}: ${unsubscribeUrl}`,
  ].join('\n')
  const bandHtml = escapeHtml(band)
  const html = `${mailHtmlHead(language, escapeHtml(subject))}
<body style="margin:0;padding:0;background:#f4ead8;color:#2b1a12;font-family:Georgia,'Times New Roman',serif">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4ead8">
    <tr><td align="center" style="padding:24px 12px">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fffaf0;border:2px solid #2b1a12">
        <tr><td style="background:#2b1a12;color:#f4ead8;padding:18px 24px;font-size:22px;letter-spacing:2px;text-transform:uppercase">${bandHtml}</td></tr>
        <tr><td style="padding:24px;font-size:16px;line-height:1.5">
          <p style="margin:0 0 16px">${escapeHtml(w.greeting(plainText(to.firstName)))}</p>
          <p style="margin:0 0 16px">${escapeHtml(w.thanks(band))}</p>
          <p style="margin:0 0 24px">${escapeHtml(w.pressButton)}</p>
          <p style="margin:0 0 24px"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#b5441f;color:#fffaf0;padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(w.button)}</a></p>
          <p style="margin:0 0 16px;font-size:14px">${escapeHtml(w.pasteLink)}<br><a href="${escapeHtml(confirmUrl)}" style="color:#b5441f;word-break:break-all">${escapeHtml(confirmUrl)}</a></p>
          <p style="margin:0;font-size:14px">${escapeHtml(w.notYou)}</p>
        </td></tr>
        <tr><td style="padding:16px 24px;border-top:1px solid #d8c6a8;font-size:12px;color:#6b5444">
          <a href="${escapeHtml(siteUrl)}" style="color:#6b5444">${escapeHtml(siteUrl)}</a> &middot;${
            preferencesUrl
              ? `
          <a href="${escapeHtml(preferencesUrl)}" style="color:#6b5444">${escapeHtml(words.preferencesLink)}</a> &middot;`
              : ''
          }
          <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b5444">${escapeHtml(words.unsubscribeLink)}</a>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`
  return newsletterMail({ band, to: to.email, subject, text, html, unsubscribeUrl, language })
}
