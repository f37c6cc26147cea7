import nodemailer from 'nodemailer'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

export type Mailer = {
  send(mail: Mail): Promise<void>
  close(): void
}

/** SMTP through nodemailer; SMTP_URL carries host, port, TLS (smtps:) and credentials. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close() {
      transport.close()
    },
  }
}
