/**
 * The parts of the sign-up contract the browser needs (types, field limits, honeypot name, consent wording),
 * without zod, which would add tens of KB gzip to the page's initial JavaScript. The server validates with
 * SubscribeSchema (subscribe-schema.ts). docs/fan-site-rules.md §3: firstName, lastName and email, all strings.
 */
import type { Locale } from '../../lib/i18n/locale-contract'

export const FIELD_LIMITS = { firstName: 100, lastName: 100, email: 254 } as const

/**
 * The honeypot: a field people never see. The form sends it only when something filled it in, so a person's
 * request stays exactly `{firstName, lastName, email}`.
 */
export const HONEYPOT_FIELD = 'website'

/**
 * What a subscriber agrees to: shown under the form, and stored with each sign-up as the text read then, with the
 * band's name as the site settings gave it at that moment, plus the wording's version (ADR 040).
 */
export const CONSENT_VERSION = '2026-11-28'

/**
 * The consent wording for a band's name (`bandNameOf(siteSettings)`) in the form's language: the Spanish one is
 * its own text for the same consent, so both share the version. It names every kind of mail a fan gets, the show
 * alerts of their area included (docs/decisions/190-show-alerts-outbox.md).
 */
export function consentText(bandName: string, language: Locale = 'en'): string {
  if (language === 'es')
    return `Al suscribirte aceptas recibir correos de ${bandName} sobre conciertos, lanzamientos y contenido exclusivo, y uno cuando anunciemos un concierto en la zona que elijas (en cualquier parte si eliges «Todas las zonas»). En cada correo puedes cambiar tu zona o cancelar tu suscripción cuando quieras.`
  return `By signing up you agree to receive e-mails from ${bandName} about performances, releases and exclusive content, and one when a show is announced in the area you choose (anywhere if you choose Everywhere). Every e-mail lets you change your area or unsubscribe at any time.`
}

/** Exactly what the popup sends for a person (docs/fan-site-rules.md §7). */
export type SubscribePayload = { firstName: string; lastName: string; email: string }

/** docs/fan-site-rules.md §5: a submission with an empty field is ignored (whitespace counts as empty). */
export function hasEmptyField(values: SubscribePayload): boolean {
  return [values.firstName, values.lastName, values.email].some((value) => value.trim() === '')
}
