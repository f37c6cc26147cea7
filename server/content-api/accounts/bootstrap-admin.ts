import type { Logger } from '../../logger'
import type { Accounts } from './accounts'
import { generatePassword } from './password-hash'

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost'

/**
 * First start: with no users at all, nobody could sign in to the Studio, so create an administrator from
 * ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password that is logged exactly once (it is not stored).
 */
export async function bootstrapAdministrator(
  accounts: Accounts,
  options: { email?: string; password?: string; logger: Pick<Logger, 'info' | 'warn'> },
): Promise<{ email: string; generatedPassword?: string } | null> {
  if (accounts.users.count() > 0) return null
  const email = options.email ?? DEFAULT_ADMIN_EMAIL
  const password = options.password ?? generatePassword()
  await accounts.users.create({ email, name: 'Administrator', role: 'administrator', password })
  if (options.password) {
    options.logger.info({ email }, `created administrator ${email} from ADMIN_EMAIL/ADMIN_PASSWORD`)
    return { email }
  }
  options.logger.warn(
    { email, password },
    `FIRST START: created administrator ${email} with generated password "${password}". ` +
      'It is shown only this once; change it with `npm run content -- user:passwd`.',
  )
  return { email, generatedPassword: password }
}
