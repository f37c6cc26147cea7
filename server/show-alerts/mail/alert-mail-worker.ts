import { createSmtpMailer, type Mailer } from '../../newsletter/mailer'
import { errorText } from '../retry-policy'
import { alertMail } from './alert-mail'
import type { AlertMailAnswer, AlertMailTask } from './alert-mail-task'
import { templateFor } from './templates'

/** One pooled SMTP transport per thread, kept between tasks (a connection per mail would be wasteful). */
let transport: { url: string; from: string; mailer: Mailer } | undefined

function mailerFor(smtpUrl: string, from: string): Mailer {
  if (transport?.url !== smtpUrl || transport.from !== from) {
    transport?.mailer.close()
    const url = new URL(smtpUrl)
    url.searchParams.set('pool', 'true')
    url.searchParams.set('maxConnections', '8')
    transport = { url: smtpUrl, from, mailer: createSmtpMailer(url.toString(), from) }
  }
  return transport.mailer
}

/** Closes the transport's connections (the thread's end does as much). */
export function closeAlertMailer() {
  transport?.mailer.close()
  transport = undefined
}

/**
 * The mail thread's task (alert-mail-thread.ts): writes a show alert and hands it to SMTP. The outcome is an answer,
 * not a thrown error, so the SMTP code survives the copy back to the event loop.
 */
export default async function sendAlertMail(task: AlertMailTask): Promise<AlertMailAnswer> {
  const mail = alertMail(task.to, task.shows, {
    band: task.band,
    areaNames: task.areaNames,
    links: task.links,
    template: templateFor(task.language),
  })
  try {
    await mailerFor(task.smtpUrl, task.from).send(mail)
    return { ok: true }
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode
    return {
      ok: false,
      message: errorText(error),
      ...(typeof code === 'number' ? { responseCode: code } : {}),
    }
  }
}
