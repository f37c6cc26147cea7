import nodemailer from 'nodemailer'

export type Mail = {
  /** The display name for a sender configured as a bare address: the band's name (ADR 074). */
  senderName: string
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

/** `Name <address>` keeps its own name; a bare address is sent in the mail's sender name. */
export function senderOf(from: string, senderName: string): string | { name: string; address: string } {
  return from.includes('<') ? from : { name: senderName, address: from.trim() }
}

/** SMTP through nodemailer; SMTP_URL carries host, port, TLS (smtps:) and credentials. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send({ senderName, ...mail }) {
      await transport.sendMail({ from: senderOf(from, senderName), ...mail })
    },
    close() {
      transport.close()
    },
  }
}
