import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The generated secret's file in DATA_DIR (when NEWSLETTER_SECRET is unset). */
export const SECRET_FILE = 'newsletter-secret'

/**
 * The newsletter's secret: NEWSLETTER_SECRET when set, else one generated on first start and kept in DATA_DIR,
 * so links in mail already sent keep working across restarts. Several nodes must share NEWSLETTER_SECRET.
 */
export function loadOrCreateSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, SECRET_FILE)
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx' fails when the file exists, so two processes starting together end up with the same secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one`)
  return secret
}
