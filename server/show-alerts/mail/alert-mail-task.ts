import type { Language } from '../../newsletter/subscriber-preferences'
import type { ShowSnapshot } from '../show-snapshot'
import type { AlertLinks } from './alert-mail'

/** What the mail thread needs to write and send one show alert: plain data, copied to the thread. */
export type AlertMailTask = {
  smtpUrl: string
  from: string
  to: { email: string; firstName: string }
  shows: ShowSnapshot[]
  band: string
  areaNames: string[]
  links: AlertLinks
  language: Language
}

/** The SMTP outcome; `responseCode` is the server's answer to a refusal (5xx is given up at once). */
export type AlertMailAnswer = { ok: true } | { ok: false; message: string; responseCode?: number }
