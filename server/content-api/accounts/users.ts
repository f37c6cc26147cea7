import type { SqliteDatabase } from '../../db/sqlite'
import type { Role } from '../engine'
import { decoyHash, hashPassword, verifyPassword } from './password-hash'
import { newId } from './secret-token'
import { pickColumns } from '../../db/rows'

export type User = {
  id: string
  email: string
  name: string
  role: Role
  createdAt: string
  updatedAt: string
}

type UserRow = {
  id: string
  email: string
  name: string
  role: Role
  password_hash: string
  created_at: string
  updated_at: string
}

export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`A user with e-mail ${email} already exists`)
    this.name = 'DuplicateEmailError'
  }
}

const toUser = (row: UserRow): User =>
  pickColumns(row, ['id', 'email', 'name', 'role', 'created_at', 'updated_at'])

const emailKey = (email: string) => email.trim().toLowerCase()

export type UserRepository = ReturnType<typeof createUserRepository>

export function createUserRepository(db: SqliteDatabase, now: () => Date) {
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email_key = ?')
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?')

  return {
    count(): number {
      return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n
    },

    list(): User[] {
      return db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at, email_key').all().map(toUser)
    },

    get(id: string): User | null {
      const row = byId.get(id)
      return row ? toUser(row) : null
    },

    findByEmail(email: string): User | null {
      const row = byEmail.get(emailKey(email))
      return row ? toUser(row) : null
    },

    async create(input: { email: string; name: string; role: Role; password: string }): Promise<User> {
      const passwordHash = await hashPassword(input.password)
      const stamp = now().toISOString()
      const id = newId('p')
      try {
        db.prepare(
          `INSERT INTO users (id, email, email_key, name, role, password_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.email.trim(),
          emailKey(input.email),
          input.name,
          input.role,
          passwordHash,
          stamp,
          stamp,
        )
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new DuplicateEmailError(input.email)
        }
        throw error
      }
      return toUser(byId.get(id)!)
    },

    async setPassword(id: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password)
      const result = db
        .prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?')
        .run(passwordHash, now().toISOString(), id)
      return result.changes === 1
    },

    setRole(id: string, role: Role): boolean {
      return (
        db
          .prepare('UPDATE users SET role = ?, updated_at = ? WHERE id = ?')
          .run(role, now().toISOString(), id).changes === 1
      )
    },

    /** Deletes the user; their sessions and login grants go with them (foreign keys cascade). */
    remove(id: string): boolean {
      return db.prepare('DELETE FROM users WHERE id = ?').run(id).changes === 1
    },

    /** The user when e-mail and password match; the same work is done for unknown e-mails (no user probing). */
    async verifyCredentials(email: string, password: string): Promise<User | null> {
      const row = byEmail.get(emailKey(email))
      const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()))
      return row && ok ? toUser(row) : null
    },
  }
}
