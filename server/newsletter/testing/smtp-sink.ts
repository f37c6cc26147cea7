import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  from: string
  to: string[]
  raw: string
  /** Lower-cased header names, unfolded values, RFC 2047 encoded words decoded. */
  headers: Map<string, string>
  /** Decoded text parts by content type, e.g. 'text/plain', 'text/html'. */
  parts: Map<string, string>
  /** `performance.now()` when the sink accepted it. */
  at: number
}

/**
 * How the sink answers a recipient: `undefined` accepts; a number refuses with that SMTP code (4xx: try later,
 * 5xx: never). `attempt` counts this address's RCPT commands, from 1.
 */
export type RecipientAnswer = (address: string, attempt: number) => number | undefined

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words, as nodemailer writes a subject with accents; the space between two words goes. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decode(data.replace(/_/g, ' '), 'quoted-printable'),
    )
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  return headers
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** Enough MIME to read what nodemailer writes: headers, and text parts of (nested) multipart bodies. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'parts'> {
  const parts = new Map<string, string>()
  const walk = (entity: string): Map<string, string> => {
    const split = entity.indexOf('\r\n\r\n')
    const headers = parseHeaders(split === -1 ? entity : entity.slice(0, split))
    const body = split === -1 ? '' : entity.slice(split + 4)
    const type = headers.get('content-type') ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const sections = body.split(`--${boundary}`).slice(1, -1)
      for (const section of sections) walk(section.replace(/^\r\n/, '').replace(/\r\n$/, ''))
    } else {
      parts.set(
        type.split(';')[0]!.trim().toLowerCase(),
        decode(body, headers.get('content-transfer-encoding')),
      )
    }
    return headers
  }
  const headers = walk(raw)
  return { headers, parts }
}

/** A real SMTP server on a free port that keeps what it receives; for tests only. */
export async function startSmtpSink(answer: RecipientAnswer = () => undefined): Promise<{
  url: string
  mails: ReceivedMail[]
  /** RCPT commands per address, accepted or refused. */
  attempts: Map<string, number>
  /** Resolves once `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}> {
  const mails: ReceivedMail[] = []
  const attempts = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo({ address }, _session, callback) {
      const attempt = (attempts.get(address) ?? 0) + 1
      attempts.set(address, attempt)
      const code = answer(address, attempt)
      if (code === undefined) return callback()
      callback(Object.assign(new Error(`${address} refused (attempt ${attempt})`), { responseCode: code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
          at: performance.now(),
        })
        callback()
      })
    },
  })
  // A sender killed mid-conversation (the crash tests) resets its socket: not the sink's failure.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return mails
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
