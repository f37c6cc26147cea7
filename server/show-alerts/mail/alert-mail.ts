import { showDateTime } from '../../../web/src/lib/i18n/formatters-contract'
import { escapeHtml, plainText } from '../../newsletter/confirmation-mail'
import { mailHtmlHead, newsletterMail } from '../../newsletter/mail-envelope'
import type { Mail } from '../../newsletter/mailer'
import type { Language } from '../../newsletter/subscriber-preferences'
import type { ShowSnapshot } from '../show-snapshot'
import type { AlertTemplate } from './alert-template'

export type AlertLinks = {
  /** Absolute site origin without a trailing slash. */
  origin: string
  preferencesUrl: string
  unsubscribeUrl: string
}

/** The show's date and time as the venue's clock shows it, in the mail's language. */
function when(show: ShowSnapshot, language: Language): string {
  const start = new Date(show.startsAt)
  try {
    return showDateTime(start, show.timeZone, language)
  } catch {
    // A zone Intl does not know (a typo in the Studio): the instant is still right, in UTC.
    return showDateTime(start, 'UTC', language)
  }
}

const place = (show: ShowSnapshot) =>
  [show.venue, [show.city, show.region].filter(Boolean).join(', ')].filter(Boolean).join(' · ')

type ShowLinks = { tickets: string | null; page: string | null; calendar: string | null }

/** Tickets only while the show is on sale (as the show pages do); the page and its .ics by its slug. */
function linksOf(show: ShowSnapshot, origin: string): ShowLinks {
  const slug = show.slug ? encodeURIComponent(show.slug) : null
  return {
    tickets: show.status === 'onSale' && show.ticketUrl ? show.ticketUrl : null,
    page: slug ? `${origin}/shows/${slug}` : null,
    calendar: slug ? `${origin}/shows/${slug}.ics` : null,
  }
}

function showText(show: ShowSnapshot, links: ShowLinks, t: AlertTemplate): string[] {
  return [
    `* ${plainText(when(show, t.language))}`,
    `  ${plainText(place(show))}`,
    links.tickets ? `  ${t.tickets}: ${links.tickets}` : `  ${t.noTickets}`,
    ...(links.page ? [`  ${t.showPage}: ${links.page}`] : []),
    ...(links.calendar ? [`  ${t.addToCalendar}: ${links.calendar}`] : []),
    '',
  ]
}

function showHtml(show: ShowSnapshot, links: ShowLinks, t: AlertTemplate): string {
  const link = (href: string | null, label: string) =>
    href ? `<a href="${escapeHtml(href)}" style="color:#b5441f">${escapeHtml(label)}</a>` : ''
  const actions = [
    link(links.tickets, t.tickets),
    link(links.page, t.showPage),
    link(links.calendar, t.addToCalendar),
  ]
    .filter(Boolean)
    .join(' &middot; ')
  return `<li style="margin:0 0 16px"><strong>${escapeHtml(plainText(when(show, t.language)))}</strong><br>${escapeHtml(
    plainText(place(show)),
  )}<br>${actions || escapeHtml(t.noTickets)}</li>`
}

/**
 * A show alert: the new shows in the subscriber's areas, each with tickets, its page and a calendar file; plain
 * text and HTML with the same content, and the one-click unsubscribe headers every newsletter mail carries.
 */
export function alertMail(
  to: { email: string; firstName: string },
  shows: ShowSnapshot[],
  context: { band: string; areaNames: string[]; links: AlertLinks; template: AlertTemplate },
): Mail {
  const { links, template: t } = context
  const band = plainText(context.band)
  const subject = t.subject(band, shows)
  const perShow = shows.map((show) => ({ show, links: linksOf(show, links.origin) }))
  const text = [
    t.greeting(plainText(to.firstName)),
    '',
    t.intro(band, shows.length),
    '',
    ...perShow.flatMap((entry) => showText(entry.show, entry.links, t)),
    `-- ${band}`,
    `${links.origin}/`,
    '',
    t.why(context.areaNames),
    `${t.preferences}: ${links.preferencesUrl}`,
    `${t.unsubscribe}: ${links.unsubscribeUrl}`,
  ].join('\n')
  const html = `${mailHtmlHead(t.language, escapeHtml(subject))}
<body style="margin:0;padding:24px 12px;background:#f4ead8;color:#2b1a12;font-family:Georgia,'Times New Roman',serif">
  <div style="max-width:560px;margin:0 auto;background:#fffaf0;border:2px solid #2b1a12">
    <div style="background:#2b1a12;color:#f4ead8;padding:18px 24px;font-size:22px;letter-spacing:2px;text-transform:uppercase">${escapeHtml(band)}</div>
    <div style="padding:24px;font-size:16px;line-height:1.5">
      <p style="margin:0 0 16px">${escapeHtml(t.greeting(plainText(to.firstName)))}</p>
      <p style="margin:0 0 16px">${escapeHtml(t.intro(band, shows.length))}</p>
      <ul style="margin:0;padding:0 0 0 18px">${perShow.map((entry) => showHtml(entry.show, entry.links, t)).join('')}</ul>
    </div>
    <div style="padding:16px 24px;border-top:1px solid #d8c6a8;font-size:12px;color:#6b5444">
      ${escapeHtml(t.why(context.areaNames))}<br>
      <a href="${escapeHtml(links.origin)}/" style="color:#6b5444">${escapeHtml(links.origin)}</a> &middot;
      <a href="${escapeHtml(links.preferencesUrl)}" style="color:#6b5444">${escapeHtml(t.preferences)}</a> &middot;
      <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#6b5444">${escapeHtml(t.unsubscribe)}</a>
    </div>
  </div>
</body>
</html>`
  return newsletterMail({
    band,
    to: to.email,
    subject,
    text,
    html,
    unsubscribeUrl: links.unsubscribeUrl,
    language: t.language,
  })
}

/** The shows of an announcement a subscriber hears of: those in their areas, or all for everywhere. */
export function showsFor(shows: ShowSnapshot[], areas: string[]): ShowSnapshot[] {
  if (areas.length === 0) return shows
  const chosen = new Set(areas)
  return shows.filter((show) => show.area && chosen.has(show.area.slug))
}
