import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { claimDataDir, HOLDER_FILE } from '../../data-dir-lock'
import { openAccounts } from '../accounts/accounts'
import { createAssets } from '../assets/assets'
import { storeAssetDocuments } from '../assets/store-asset-documents'
import { resolveBearer } from '../auth/authenticate'
import { ContentStore } from '../engine'
import { runCli } from './run-cli'

async function cli(dataDir: string, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'content-cli-'))

describe('content CLI', () => {
  // Each step runs the CLI as a process of its own that loads TypeScript: seconds on a busy machine.
  it('adds users with given or generated passwords, lists them and changes passwords', async () => {
    const dataDir = newDataDir()
    const added = await cli(
      dataDir,
      'user:add',
      '--email',
      'ana@example.com',
      '--name',
      'Ana',
      '--role',
      'editor',
    )
    expect(added.code).toBe(0)
    const generated = /Password \(shown only now\): (\S+)/.exec(added.out)?.[1]
    expect(generated).toBeTruthy()
    expect(
      (
        await cli(
          dataDir,
          'user:add',
          '--email',
          'bo@example.com',
          '--name',
          'Bo',
          '--role',
          'viewer',
          '--password',
          'bo-password1',
        )
      ).out,
    ).not.toContain('Password')

    const accounts = openAccounts({ file: path.join(dataDir, 'accounts.sqlite') })
    expect(await accounts.users.verifyCredentials('ana@example.com', generated!)).toMatchObject({
      role: 'editor',
    })
    expect(await accounts.users.verifyCredentials('bo@example.com', 'bo-password1')).toMatchObject({
      role: 'viewer',
    })

    const list = await cli(dataDir, 'user:list')
    expect(list.out).toMatch(/ana@example\.com\s+Ana\s+editor/)
    expect(list.out).toMatch(/bo@example\.com\s+Bo\s+viewer/)

    const session = accounts.sessions.create(accounts.users.findByEmail('bo@example.com')!.id)
    const passwd = await cli(
      dataDir,
      'user:passwd',
      '--email',
      'BO@example.com',
      '--password',
      'new-password',
    )
    expect(passwd.out).toContain('1 session(s) signed out')
    expect(await accounts.users.verifyCredentials('bo@example.com', 'new-password')).not.toBeNull()
    expect(accounts.sessions.resolve(session.token)).toBeNull()
    accounts.close()

    const duplicate = await cli(
      dataDir,
      'user:add',
      '--email',
      'Ana@Example.com',
      '--name',
      'A',
      '--role',
      'viewer',
    )
    expect(duplicate.code).toBe(1)
    expect(duplicate.err).toContain('already exists')
    const badRole = await cli(
      dataDir,
      'user:add',
      '--email',
      'c@example.com',
      '--name',
      'C',
      '--role',
      'owner',
    )
    expect(badRole.code).toBe(2)
    expect(badRole.err).toContain('--role must be one of')
  }, 30_000)

  it('changes roles and removes users, but never the last administrator', async () => {
    const dataDir = newDataDir()
    await cli(dataDir, 'user:add', '--email', 'boss@example.com', '--name', 'Boss', '--role', 'administrator')
    await cli(dataDir, 'user:add', '--email', 'rafa@example.com', '--name', 'Rafa', '--role', 'editor')
    const last = await cli(dataDir, 'user:role', '--email', 'boss@example.com', '--role', 'editor')
    expect(last.code).toBe(2)
    expect(last.err).toContain('last administrator')
    expect((await cli(dataDir, 'user:remove', '--email', 'boss@example.com')).code).toBe(2)

    expect(
      (await cli(dataDir, 'user:role', '--email', 'rafa@example.com', '--role', 'viewer')).out,
    ).toContain('rafa@example.com is now viewer')
    const accounts = openAccounts({ file: path.join(dataDir, 'accounts.sqlite') })
    const rafa = accounts.users.findByEmail('rafa@example.com')!
    const { token } = accounts.sessions.create(rafa.id)
    expect(rafa.role).toBe('viewer')
    expect((await cli(dataDir, 'user:remove', '--email', 'rafa@example.com')).code).toBe(0)
    expect(accounts.users.findByEmail('rafa@example.com')).toBeNull()
    expect(accounts.sessions.resolve(token)).toBeNull()
    expect(
      (
        await cli(
          dataDir,
          'user:add',
          '--email',
          'x@example.com',
          '--name',
          'X',
          '--role',
          'viewer',
          '--password',
          'short',
        )
      ).code,
    ).toBe(2)
    accounts.close()
  })

  it('creates API tokens shown once, lists and revokes them', async () => {
    const dataDir = newDataDir()
    const added = await cli(dataDir, 'token:add', '--label', 'website', '--role', 'viewer')
    const token = /Token \(shown only now\): (\S+)/.exec(added.out)?.[1]
    const id = /\(id (\S+)\)/.exec(added.out)?.[1]
    expect(token).toBeTruthy()
    const accounts = openAccounts({ file: path.join(dataDir, 'accounts.sqlite') })
    expect(resolveBearer(accounts, token!)?.principal).toMatchObject({
      kind: 'token',
      role: 'viewer',
      label: 'website',
    })

    const list = await cli(dataDir, 'token:list')
    expect(list.out).toMatch(/website\s+viewer/)
    expect(list.out).not.toContain(token!)

    expect((await cli(dataDir, 'token:revoke', '--id', id!)).code).toBe(0)
    expect(resolveBearer(accounts, token!)).toBeNull()
    expect((await cli(dataDir, 'token:revoke', '--id', id!)).code).toBe(2)
    accounts.close()
  })

  it('imports and exports datasets', async () => {
    const dataDir = newDataDir()
    const seed = path.join(dataDir, 'seed')
    mkdirSync(seed)
    writeFileSync(
      path.join(seed, 'a.ndjson'),
      '{"_id":"band","_type":"siteSettings","bandName":"Los Forasteros"}\n',
    )
    expect((await cli(dataDir, 'import', path.join(seed, 'a.ndjson'))).out).toContain(
      'Imported 1 document(s)',
    )
    const again = await cli(dataDir, 'import', path.join(seed, 'a.ndjson'))
    expect(again.code).toBe(1)
    expect(again.err).toContain('--replace')
    expect((await cli(dataDir, 'import', path.join(seed, 'a.ndjson'), '--replace')).code).toBe(0)

    const archive = path.join(dataDir, 'backup.tar.gz')
    expect((await cli(dataDir, 'export', archive)).out).toContain('Exported 1 document(s)')
    const other = newDataDir()
    expect((await cli(other, 'import', archive)).code).toBe(0)
    const store = new ContentStore({ file: path.join(other, 'content.sqlite') })
    expect(store.dataset('production').get('band')).toMatchObject({ bandName: 'Los Forasteros' })
    store.close()
  })

  it('creates the accounts database 0600 whatever the umask', async () => {
    const dataDir = newDataDir()
    const before = process.umask(0)
    try {
      expect((await cli(dataDir, 'token:list')).code).toBe(0)
    } finally {
      process.umask(before)
    }
    expect((statSync(path.join(dataDir, 'accounts.sqlite')).mode & 0o777).toString(8)).toBe('600')
  })

  it('refuses to import while a server holds the data dir', async () => {
    const dataDir = newDataDir()
    const file = path.join(dataDir, 'a.ndjson')
    writeFileSync(file, '{"_id":"x","_type":"t"}\n')
    // This test process stands in for a live server (server/start-up.test.ts runs a real one).
    const server = claimDataDir(dataDir, 'a server')
    const refused = await cli(dataDir, 'import', file)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain(`is in use by a server (pid ${process.pid}); stop it before importing`)
    server.release()
    expect((await cli(dataDir, 'import', file)).code).toBe(0)
    // A holder's name left by a crashed server does not block: only a live process holds the lock.
    writeFileSync(path.join(dataDir, HOLDER_FILE), 'a server (pid 999999999)\n')
    expect((await cli(dataDir, 'import', file, '--replace')).code).toBe(0)
  })

  it('lists unused assets, and deletes them only when asked and no server runs', async () => {
    const dataDir = newDataDir()
    const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite'), datasets: ['production'] })
    const assets = createAssets({
      dataDir,
      projectId: 'local',
      documents: storeAssetDocuments(store),
      publicBase: '/content',
    })
    const upload = async (background: string) =>
      assets.service.upload(
        'image',
        'production',
        await sharp({ create: { width: 8, height: 8, channels: 3, background } })
          .png()
          .toBuffer(),
        { filename: `${background.slice(1)}.png` },
        'test',
      )
    const used = await upload('#a03020')
    const unused = await upload('#101010')
    await store.commit('production', { author: 'test' }, (ws) =>
      ws.apply('item', { create: { _id: 'item', _type: 'mediaItem', image: { asset: { _ref: used._id } } } }),
    )
    store.close()

    const listed = await cli(dataDir, 'assets:unused')
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(unused._id)
    expect(listed.out).toContain('101010.png')
    expect(listed.out).not.toContain(used._id)
    expect(listed.out).toContain('1 unused asset(s)')

    const server = claimDataDir(dataDir, 'a server')
    const refused = await cli(dataDir, 'assets:unused', '--delete')
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('stop it before deleting assets')
    server.release()

    const deleted = await cli(dataDir, 'assets:unused', '--delete')
    expect(deleted.out).toContain('Deleted 1 asset document(s) and 1 file(s)')
    expect((await cli(dataDir, 'assets:unused')).out).toContain('0 unused asset(s)')
    const after = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    expect(after.dataset('production').get(unused._id)).toBeNull()
    expect(after.dataset('production').get(used._id)).not.toBeNull()
    after.close()
  })

  it('prints usage for no or unknown commands', async () => {
    const dataDir = newDataDir()
    expect((await cli(dataDir)).code).toBe(2)
    const unknown = await cli(dataDir, 'user:delete')
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain('Usage: npm run content')
  })

  it('runs as `npm run content` does', async () => {
    const dataDir = newDataDir()
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/content-api/cli/main.ts',
        'user:add',
        '--email',
        'x@example.com',
        '--name',
        'X',
        '--role',
        'administrator',
        '--password',
        'x-password',
      ],
      { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' } },
    )
    expect(stdout).toContain('Created administrator x@example.com')
    // A fresh Node process that compiles the CLI with tsx: seconds on a loaded machine, before any work.
  }, 30_000)
})
