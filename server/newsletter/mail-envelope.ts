import type { Mail } from './mailer'
import type { Language } from './subscriber-preferences'

/**
 * Headers every newsletter mail carries: a List-Unsubscribe URL and RFC 8058 one-click, which Gmail and Yahoo
 * require from bulk senders (there is no mailto: variant because nothing here reads a mailbox), and the mail's
 * language (RFC 3282), which lets a mail client offer to translate or read it aloud in the right voice.
 */
export function newsletterHeaders(unsubscribeUrl: string, language: Language): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Content-Language': language,
  }
}

/** The start of every newsletter mail's HTML part: its language and title (already escaped) for mail clients. */
export const mailHtmlHead = (language: Language, titleHtml: string) => `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${titleHtml}</title></head>`

/**
 * A newsletter mail (the confirmation, a show alert): sent in the band's name (ADR 074), with the one-click
 * unsubscribe and language headers.
 */
export function newsletterMail(mail: {
  band: string
  to: string
  subject: string
  text: string
  html: string
  unsubscribeUrl: string
  language: Language
}): Mail {
  return {
    senderName: mail.band,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: newsletterHeaders(mail.unsubscribeUrl, mail.language),
  }
}
