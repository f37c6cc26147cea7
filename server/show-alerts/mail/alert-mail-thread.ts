import { Piscina } from 'piscina'
import { bundledWorker } from '../../worker-bundle'
import type { AlertMailAnswer, AlertMailTask } from './alert-mail-task'
import sendAlertMail, { closeAlertMailer } from './alert-mail-worker'

type MailSettings = { smtpUrl: string; from: string; inFlight: number }

export type AlertMails = {
  /** Writes and sends one alert in the thread; rejects as the SMTP send did (with its `responseCode`). */
  send(task: Omit<AlertMailTask, 'smtpUrl' | 'from'>): Promise<void>
  close(): Promise<void>
}

/**
 * Show alerts are written (HTML, text) and sent (MIME encoding, the SMTP conversation) in one worker thread of
 * their own (docs/decisions/196-alert-mails-in-a-thread.md): on the event loop each mail's work took turns with
 * the pages while a fan-out ran. The event loop keeps everything durable (claims, outcomes), so the outbox's
 * promises do not change: a mail counts as sent only when the thread's answer reached it. The thread starts with
 * the first mail, runs `inFlight` sends at once over its pooled SMTP connections, and is kept while the server runs.
 */
export function createAlertMailThread({ smtpUrl, from, inFlight }: MailSettings): AlertMails {
  let pool: Promise<Piscina<AlertMailTask, AlertMailAnswer>> | undefined
  const started = () =>
    (pool ??= bundledWorker(new URL('./alert-mail-worker.ts', import.meta.url), 'alert-mail-worker').then(
      (filename) =>
        new Piscina<AlertMailTask, AlertMailAnswer>({
          filename,
          minThreads: 1,
          maxThreads: 1,
          concurrentTasksPerWorker: inFlight,
          idleTimeout: Infinity,
          // A second V8 heap: a few mails at a time need a fraction of this.
          resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
          // The bundle is plain JavaScript: the thread must not load the server's `--import tsx`.
          execArgv: [],
        }),
    ))
  return {
    async send(task) {
      failOn(await (await started()).run({ ...task, smtpUrl, from }))
    },
    async close() {
      if (pool) await (await pool).destroy()
    },
  }
}

function failOn(answer: AlertMailAnswer) {
  if (!answer.ok) throw Object.assign(new Error(answer.message), { responseCode: answer.responseCode })
}

/** The same work on the event loop, beside the pages (`ALERTS_MAIL_WORK=event-loop`). */
export function alertMailsOnTheEventLoop({ smtpUrl, from }: MailSettings): AlertMails {
  return {
    async send(task) {
      failOn(await sendAlertMail({ ...task, smtpUrl, from }))
    },
    async close() {
      closeAlertMailer()
    },
  }
}
