import { z } from 'zod'
import { FIELD_LIMITS, HONEYPOT_FIELD } from './subscribe-contract'

export * from './subscribe-contract'

/** The server's validation of a sign-up; the browser imports only subscribe-contract.ts (no zod). */

const requiredText = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`)

export const SubscribeSchema = z.object({
  firstName: requiredText(FIELD_LIMITS.firstName),
  lastName: requiredText(FIELD_LIMITS.lastName),
  email: z
    .string()
    .trim()
    .max(FIELD_LIMITS.email, `At most ${FIELD_LIMITS.email} characters`)
    .pipe(z.email('Not a valid e-mail address')),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
})

export type SubscribeInput = z.input<typeof SubscribeSchema>
export type Subscription = z.output<typeof SubscribeSchema>
