import { describe, expect, it } from 'vitest'
import { openAccounts } from './accounts'
import { bootstrapAdministrator } from './bootstrap-admin'
import { DuplicateEmailError } from './users'

describe('accounts', () => {
  it('keeps e-mails unique case-insensitively and verifies scrypt passwords', async () => {
    const accounts = openAccounts({ file: ':memory:' })
    const ana = await accounts.users.create({
      email: 'Ana@Example.com',
      name: 'Ana',
      role: 'editor',
      password: 's3cret',
    })
    await expect(
      accounts.users.create({ email: 'ana@example.COM', name: 'Ana 2', role: 'viewer', password: 'x' }),
    ).rejects.toBeInstanceOf(DuplicateEmailError)
    expect(await accounts.users.verifyCredentials('ANA@example.com', 's3cret')).toMatchObject({ id: ana.id })
    expect(await accounts.users.verifyCredentials('ana@example.com', 'wrong')).toBeNull()
    expect(await accounts.users.verifyCredentials('nobody@example.com', 's3cret')).toBeNull()
    await accounts.users.setPassword(ana.id, 'new one')
    expect(await accounts.users.verifyCredentials('ana@example.com', 'new one')).not.toBeNull()
  })

  it('expires sessions and login grants, and never stores secrets in clear', async () => {
    let now = new Date('2026-01-01T00:00:00Z')
    const accounts = openAccounts({ file: ':memory:', now: () => now, sessionTtlMs: 60_000 })
    const user = await accounts.users.create({
      email: 'a@example.com',
      name: 'A',
      role: 'viewer',
      password: 'p',
    })
    const { token } = accounts.sessions.create(user.id)
    expect(accounts.sessions.resolve(token)).not.toBeNull()
    now = new Date('2026-01-01T00:01:01Z')
    expect(accounts.sessions.resolve(token)).toBeNull()

    const sid = accounts.sessions.grantLogin(user.id)
    now = new Date('2026-01-01T00:04:00Z')
    expect(accounts.sessions.exchangeLogin(sid)).toBeNull()

    const { token: apiToken, apiToken: row } = accounts.apiTokens.create({ label: 'deploy', role: 'editor' })
    expect(accounts.apiTokens.resolve(apiToken)).toMatchObject({ id: row.id, role: 'editor' })
    expect(JSON.stringify(accounts.apiTokens.list())).not.toContain(apiToken)
    expect(accounts.apiTokens.revoke(row.id)).toBe(true)
    expect(accounts.apiTokens.resolve(apiToken)).toBeNull()
  })

  it('creates the first administrator once, with a generated password when none is configured', async () => {
    const accounts = openAccounts({ file: ':memory:' })
    const logged: string[] = []
    const logger = {
      info: (_o: object, m: string) => logged.push(m),
      warn: (_o: object, m: string) => logged.push(m),
    }
    const first = await bootstrapAdministrator(accounts, { logger } as never)
    expect(first?.generatedPassword).toBeTruthy()
    expect(logged[0]).toContain(first!.generatedPassword)
    expect(await accounts.users.verifyCredentials(first!.email, first!.generatedPassword!)).toMatchObject({
      role: 'administrator',
    })
    expect(await bootstrapAdministrator(accounts, { logger } as never)).toBeNull()
  })
})
