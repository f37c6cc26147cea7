import { z } from 'zod'
import { FIELD_LIMITS, HONEYPOT_FIELD } from '../../web/src/features/newsletter/subscribe-contract'
import { LANGUAGES, MAX_AREAS } from './subscriber-preferences'
import { hasWebAddress } from './web-address-in-name'

export * from '../../web/src/features/newsletter/subscribe-contract'

/** The server's validation of a sign-up; the browser imports only subscribe-contract.ts (no zod). */

/** Uniqueness ignores case, as mail providers do in practice. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

const requiredText = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`)

/** Said to the person when a name has line breaks, control characters or a web address in it. */
export const NAME_CONTENT_MESSAGE = 'Names cannot contain line breaks or web addresses'

/** Control and invisible formatting characters (CR, LF, tab, NUL, bidi overrides, ...). */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u

/**
 * A name goes into mails and the subscriber list: no line breaks (header and text injection) and no links,
 * disguised ones included (sign-ups used to send spam through our confirmation mail).
 */
export function isCleanName(name: string): boolean {
  return !CONTROL.test(name) && !hasWebAddress(name)
}

/** Area slugs as the Studio makes them. */
export const AreaSlugs = z
  .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,95}$/, 'Not an area'))
  .max(MAX_AREAS, `At most ${MAX_AREAS} areas`)

const name = (max: number) => requiredText(max).refine(isCleanName, NAME_CONTENT_MESSAGE)

export const SubscribeSchema = z.object({
  firstName: name(FIELD_LIMITS.firstName),
  lastName: name(FIELD_LIMITS.lastName),
  email: z
    .string()
    .trim()
    .max(FIELD_LIMITS.email, `At most ${FIELD_LIMITS.email} characters`)
    .pipe(z.email('Not a valid e-mail address')),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
  /** Show alert areas by slug (checked against the published areas by the router); none: everywhere. */
  areas: AreaSlugs.optional(),
  language: z.enum(LANGUAGES).optional(),
})

export type SubscribeInput = z.input<typeof SubscribeSchema>
export type Subscription = z.output<typeof SubscribeSchema>
