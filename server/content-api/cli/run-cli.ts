import { parseArgs } from 'node:util'
import { z } from 'zod'
import { BackupError } from '../../backup/backup-manifest'
import { parseEnv, type Env } from '../../env'
import { accountsFile, openAccounts, type Accounts } from '../accounts/accounts'
import { generatePassword } from '../accounts/password-hash'
import { DuplicateEmailError } from '../accounts/users'
import { DatasetImportError, exportDataset, importDataset } from '../archive/dataset-archive'
import { claimDataDir, DataDirBusyError, type DataDirClaim } from '../../data-dir-lock'
import { ContentApiError, type Role, ContentStore } from '../engine'
import { createAssets } from '../assets/assets'
import { storeAssetDocuments } from '../assets/store-asset-documents'
import { deleteUnusedAssets, findUnusedAssets } from '../assets/unused-assets'
import { ROLES } from '../auth/roles'
import { contentStoreFile, PROJECT_ID } from '../embedded-content-api'

export type CliIo = { out: (line: string) => void; err: (line: string) => void; env?: NodeJS.ProcessEnv }

export const USAGE = `Usage: npm run content -- <command> [options]

Accounts (safe while the server runs):
  user:add --email <e-mail> --name <name> --role <administrator|editor|viewer> [--password <pw>]
  user:list
  user:passwd --email <e-mail> [--password <pw>]      (signs the user out everywhere)
  user:role --email <e-mail> --role <administrator|editor|viewer>
  user:remove --email <e-mail>
  token:add --label <label> --role <administrator|editor|viewer>
  token:list
  token:revoke --id <token id>

Content (dataset from SANITY_DATASET, default production; --dataset overrides):
  export <file.tar.gz|file.ndjson>                  (safe while the server runs)
  import <file.tar.gz|file.ndjson> [--replace|--missing] [--weaken-missing-references]
                                                    (strong references to documents in neither the file nor
                                                    the dataset are refused, or imported weak with the flag)
                                                    (refused while a server runs: it keeps content in memory)
  assets:unused [--delete]                          lists images and files nothing uses; --delete removes them
                                                    (listing is safe while the server runs; --delete is refused)

Backups (the whole data dir: content, accounts, subscribers, assets, newsletter secret, TLS files):
  backup <new dir>                                  a consistent copy, safe while the server runs and writes
  restore <backup dir>                              into DATA_DIR, which must be empty (stop the server first)

Without --password a password is generated and printed once.`

class UsageError extends Error {}

const Email = z.email()
const RoleSchema = z.enum(ROLES as [Role, ...Role[]])

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`Missing --${flag}`)
  return value
}

function role(value: string | undefined): Role {
  const parsed = RoleSchema.safeParse(need(value, 'role'))
  if (!parsed.success) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`)
  return parsed.data
}

function email(value: string | undefined): string {
  const parsed = Email.safeParse(need(value, 'email'))
  if (!parsed.success) throw new UsageError('--email must be an e-mail address')
  return parsed.data
}

function table(rows: Record<string, unknown>[]): string[] {
  if (rows.length === 0) return ['(none)']
  const keys = Object.keys(rows[0]!)
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(keys), ...rows.map((r) => line(keys.map((k) => String(r[k] ?? ''))))]
}

/** Nobody could manage the Studio any more without an administrator. */
function assertAnotherAdministrator(accounts: Accounts, userId: string): void {
  if (!accounts.users.list().some((u) => u.role === 'administrator' && u.id !== userId)) {
    throw new UsageError('This is the last administrator; make someone else administrator first')
  }
}

function password(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < 8)
    throw new UsageError('--password must have at least 8 characters')
  return value
}

type AccountsCommand = (
  accounts: Accounts,
  str: (key: string) => string | undefined,
  io: CliIo,
) => void | Promise<void>

/** The `user:*` and `token:*` commands, one small handler each. */
const ACCOUNTS_COMMANDS: Record<string, AccountsCommand> = {
  'user:add': async (accounts, str, io) => {
    const chosen = password(str('password'))
    const secret = chosen ?? generatePassword()
    const user = await accounts.users.create({
      email: email(str('email')),
      name: need(str('name'), 'name'),
      role: role(str('role')),
      password: secret,
    })
    io.out(`Created ${user.role} ${user.email} (id ${user.id})`)
    if (!chosen) io.out(`Password (shown only now): ${secret}`)
  },
  'user:list': (accounts, str, io) => {
    table(
      accounts.users
        .list()
        .map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, created: u.createdAt })),
    ).forEach(io.out)
  },
  'user:passwd': async (accounts, str, io) => {
    const user = accounts.users.findByEmail(email(str('email')))
    if (!user) throw new UsageError(`No user with e-mail ${str('email')}`)
    const chosen = password(str('password'))
    const secret = chosen ?? generatePassword()
    await accounts.users.setPassword(user.id, secret)
    const signedOut = accounts.sessions.revokeAllFor(user.id)
    io.out(`Password changed for ${user.email}; ${signedOut} session(s) signed out`)
    if (!chosen) io.out(`New password (shown only now): ${secret}`)
  },
  'user:role': (accounts, str, io) => {
    const user = accounts.users.findByEmail(email(str('email')))
    if (!user) throw new UsageError(`No user with e-mail ${str('email')}`)
    const next = role(str('role'))
    if (user.role === 'administrator' && next !== 'administrator')
      assertAnotherAdministrator(accounts, user.id)
    accounts.users.setRole(user.id, next)
    io.out(`${user.email} is now ${next}`)
  },
  'user:remove': (accounts, str, io) => {
    const user = accounts.users.findByEmail(email(str('email')))
    if (!user) throw new UsageError(`No user with e-mail ${str('email')}`)
    if (user.role === 'administrator') assertAnotherAdministrator(accounts, user.id)
    accounts.users.remove(user.id)
    io.out(`Removed ${user.email} and signed them out`)
  },
  'token:add': (accounts, str, io) => {
    const { token, apiToken } = accounts.apiTokens.create({
      label: need(str('label'), 'label'),
      role: role(str('role')),
    })
    io.out(`Created ${apiToken.role} token "${apiToken.label}" (id ${apiToken.id})`)
    io.out(`Token (shown only now): ${token}`)
  },
  'token:list': (accounts, str, io) => {
    table(
      accounts.apiTokens.list().map((t) => ({
        id: t.id,
        label: t.label,
        role: t.role,
        created: t.createdAt,
        lastUsed: t.lastUsedAt ?? 'never',
      })),
    ).forEach(io.out)
  },
  'token:revoke': (accounts, str, io) => {
    const id = need(str('id'), 'id')
    if (!accounts.apiTokens.revoke(id)) throw new UsageError(`No token with id ${id}`)
    io.out(`Revoked token ${id}`)
  },
}

async function accountsCommand(
  command: string,
  accounts: Accounts,
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
): Promise<void> {
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined)
  if (!Object.hasOwn(ACCOUNTS_COMMANDS, command)) throw new UsageError(`Unknown command ${command}`)
  await ACCOUNTS_COMMANDS[command]!(accounts, str, io)
}

/**
 * Commands that write content hold the data dir while they run (server/data-dir-lock.ts), as a server does: a
 * server keeps datasets in memory and would neither see nor keep what they wrote, so they are refused while one
 * runs, and a server started meanwhile is refused until they finish. Undefined (after telling the user) when
 * another process holds the dir.
 */
function claimForWriting(dataDir: string, what: string, io: CliIo): DataDirClaim | undefined {
  try {
    return claimDataDir(dataDir, `the content CLI (${what})`)
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error
    io.err(
      `${error.message}; stop it before ${what}: a running server keeps content in memory and would neither see nor keep what this wrote.`,
    )
    return undefined
  }
}

/** Opens the content store and its assets for one dataset; closes the store and releases `claim` afterwards. */
async function withContent(
  env: Env,
  dataset: string,
  claim: DataDirClaim | undefined,
  run: (store: ContentStore, assets: ReturnType<typeof createAssets>) => Promise<void>,
): Promise<void> {
  try {
    const store = new ContentStore({
      file: contentStoreFile(env.DATA_DIR),
      datasets: [dataset],
      maxDocumentDepth: env.JSON_MAX_DEPTH,
    })
    try {
      await run(
        store,
        createAssets({
          dataDir: env.DATA_DIR,
          projectId: PROJECT_ID,
          documents: storeAssetDocuments(store),
          publicBase: `${env.SITE_URL ? new URL(env.SITE_URL).origin : ''}/content`,
        }),
      )
    } finally {
      store.close()
    }
  } finally {
    claim?.release()
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Exit code 1 when the backup was written but the data dir itself has damage (missing or altered assets). */
async function backupCommand(env: Env, dir: string, io: CliIo): Promise<number> {
  // Loaded on demand: the other commands start as fast as before.
  const { createBackup } = await import('../../backup/create-backup')
  const { dir: written, manifest, warnings } = await createBackup(env, dir)
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0)
  const assets = Object.values(manifest.assets).reduce((sum, count) => sum + count, 0)
  io.out(
    `Backed up ${env.DATA_DIR} to ${written}: ${manifest.files.length} file(s), ${formatBytes(bytes)}, ${assets} asset(s)`,
  )
  for (const note of manifest.notes) io.out(`Note: ${note}`)
  for (const warning of warnings) io.err(`Warning: ${warning}`)
  if (warnings.length > 0)
    io.err(`The backup is complete, but the data dir has ${warnings.length} problem(s) (above).`)
  return warnings.length > 0 ? 1 : 0
}

async function restoreCommand(env: Env, dir: string, io: CliIo): Promise<number> {
  const { restoreBackup } = await import('../../backup/restore-backup')
  const { manifest, files, bytes } = await restoreBackup(dir, env.DATA_DIR)
  io.out(
    `Restored the backup of ${manifest.createdAt} into ${env.DATA_DIR}: ${files} file(s), ${formatBytes(bytes)}`,
  )
  for (const note of manifest.notes) io.out(`Note: ${note}`)
  io.out('Start the server: it migrates the databases if this release is newer than the backup.')
  return 0
}

const CLI_OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  label: { type: 'string' },
  id: { type: 'string' },
  dataset: { type: 'string' },
  replace: { type: 'boolean' },
  missing: { type: 'boolean' },
  'weaken-missing-references': { type: 'boolean' },
  delete: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

const parseCliArgs = (argv: string[]) =>
  parseArgs({ args: argv, allowPositionals: true, options: CLI_OPTIONS })

type CliValues = ReturnType<typeof parseCliArgs>['values']

/** `export <file>` and `import <file>`, for the dataset from --dataset or SANITY_DATASET. */
async function archiveCommand(
  env: Env,
  command: 'export' | 'import',
  file: string | undefined,
  values: CliValues,
  io: CliIo,
): Promise<number> {
  if (!file) throw new UsageError(`${command} needs a file name`)
  const claim = command === 'import' ? claimForWriting(env.DATA_DIR, 'importing', io) : undefined
  if (command === 'import' && !claim) return 1
  const dataset = values.dataset ?? env.SANITY_DATASET ?? 'production'
  await withContent(env, dataset, claim, async (store, assets) => {
    if (command === 'export') {
      const result = await exportDataset({ store, files: assets.files, dataset, file })
      io.out(
        `Exported ${result.documents} document(s) and ${result.assets} asset file(s) from ${dataset} to ${file}`,
      )
    } else {
      const result = await importDataset({
        store,
        assets: assets.service,
        dataset,
        file,
        files: assets.files,
        mode: values.replace ? 'replace' : values.missing ? 'missing' : 'create',
        missingReferences: values['weaken-missing-references'] ? 'weaken' : 'refuse',
        identity: 'cli',
      })
      io.out(
        `Imported ${result.documents} document(s) and ${result.assets} archived asset(s) into ${dataset}`,
      )
    }
  })
  return 0
}

/** `assets:unused [--delete]`: lists the images and files nothing uses, and removes them with --delete. */
async function unusedAssetsCommand(env: Env, values: CliValues, io: CliIo): Promise<number> {
  const remove = values.delete === true
  const claim = remove ? claimForWriting(env.DATA_DIR, 'deleting assets', io) : undefined
  if (remove && !claim) return 1
  const dataset = values.dataset ?? env.SANITY_DATASET ?? 'production'
  await withContent(env, dataset, claim, async (store, assets) => {
    const unused = findUnusedAssets(store, assets.files, dataset)
    table(
      unused.map((asset) => ({
        document: asset.id ?? '(no document)',
        file: `${asset.kind}/${asset.file}`,
        size: formatBytes(asset.bytes),
        uploadedAs: asset.originalFilename ?? '',
      })),
    ).forEach(io.out)
    const total = formatBytes(unused.reduce((sum, asset) => sum + asset.bytes, 0))
    if (!remove) {
      io.out(`${unused.length} unused asset(s), ${total}. Run again with --delete to remove them.`)
      return
    }
    const deleted = await deleteUnusedAssets(store, assets.files, dataset, unused, 'cli')
    io.out(
      `Deleted ${deleted.documents} asset document(s) and ${deleted.files} file(s), ${formatBytes(deleted.bytes)}`,
    )
  })
  return 0
}

async function runCommand(
  env: Env,
  command: string,
  rest: string[],
  values: CliValues,
  io: CliIo,
): Promise<number> {
  if (command === 'export' || command === 'import') return archiveCommand(env, command, rest[0], values, io)
  if (command === 'backup' || command === 'restore') {
    const dir = rest[0]
    if (!dir) throw new UsageError(`${command} needs a directory`)
    return command === 'backup' ? await backupCommand(env, dir, io) : await restoreCommand(env, dir, io)
  }
  if (command === 'assets:unused') return unusedAssetsCommand(env, values, io)
  const accounts = openAccounts({ file: accountsFile(env.DATA_DIR) })
  try {
    await accountsCommand(command, accounts, values, io)
  } finally {
    accounts.close()
  }
  return 0
}

/** The exit code for a failed command: 2 with the usage for a wrong invocation, else 1 with the reason. */
function failure(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(error.message)
    io.err(USAGE)
    return 2
  }
  if (
    error instanceof DuplicateEmailError ||
    error instanceof DatasetImportError ||
    error instanceof BackupError ||
    error instanceof ContentApiError
  ) {
    io.err((error as Error).message)
    return 1
  }
  io.err(`Failed: ${(error as Error).message}`)
  return 1
}

/** The content CLI; returns the process exit code. Output goes through `io` so tests can read it. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseCliArgs>
  try {
    parsed = parseCliArgs(argv)
  } catch (error) {
    io.err((error as Error).message)
    io.err(USAGE)
    return 2
  }
  const [command, ...rest] = parsed.positionals
  if (!command || parsed.values.help) {
    ;(command ? io.out : io.err)(USAGE)
    return command ? 0 : 2
  }
  const env = parseEnv(io.env ?? process.env)
  try {
    return await runCommand(env, command, rest, parsed.values, io)
  } catch (error) {
    return failure(error, io)
  }
}
