import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAccounts } from '../content-api/accounts/accounts'
import { createAssets } from '../content-api/assets/assets'
import { storeAssetDocuments } from '../content-api/assets/store-asset-documents'
import { runCli } from '../content-api/cli/run-cli'
import { ContentStore } from '../content-api/engine'
import { loadOrCreateSecret } from '../newsletter/secret'
import { openSqliteSubscribersRepository } from '../newsletter/sqlite-subscribers-repository'

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'))
const dataDir = path.join(root, 'data')
const video = randomBytes(64_000)
let videoFile = ''

async function cli(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const backup = (dir: string, env: Record<string, string> = {}) => cli(env, 'backup', dir)
const restore = (dir: string, into: string) => cli({ DATA_DIR: into }, 'restore', dir)

/** A small data dir as the server leaves it: content with an uploaded file, accounts, subscribers, secret. */
beforeAll(async () => {
  const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
  const assets = createAssets({
    dataDir,
    projectId: 'local',
    documents: storeAssetDocuments(store),
    publicBase: '/content',
  })
  const asset = await assets.service.upload('file', 'production', video, { filename: 'take.mp4' }, 'test')
  videoFile = path.join(dataDir, 'assets/production/files', path.posix.basename(asset.path as string))
  await store.commit('production', { author: 'test' }, (ws) => {
    ws.apply('news-1', { create: { _id: 'news-1', _type: 'newsPost', title: 'Back on the road' } })
  })
  store.close()
  const accounts = openAccounts({ file: path.join(dataDir, 'accounts.sqlite') })
  await accounts.users.create({
    email: 'ana@example.com',
    name: 'Ana',
    role: 'administrator',
    password: 'pw-12345678',
  })
  accounts.close()
  const subscribers = openSqliteSubscribersRepository(path.join(dataDir, 'subscribers.sqlite'))
  await subscribers.close()
  loadOrCreateSecret(dataDir)
  mkdirSync(path.join(dataDir, 'tls'))
  writeFileSync(path.join(dataDir, 'tls/self-signed-cert.pem'), 'CERT')
  writeFileSync(path.join(dataDir, 'tls/self-signed-key.pem'), 'KEY')
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('backup and restore: the CLI', () => {
  it('copies every part of the data dir and restores it into an empty one', async () => {
    const made = await backup(path.join(root, 'b1'))
    expect(made).toMatchObject({ code: 0, err: '' })
    expect(made.out).toMatch(/Backed up .* 7 file\(s\), .*, 1 asset\(s\)/)
    // Subscribers' data and secrets: readable by the owner only.
    expect(statSync(path.join(root, 'b1', 'subscribers.sqlite')).mode & 0o777).toBe(0o600)
    const restoredDir = path.join(root, 'r1')
    expect(await restore(path.join(root, 'b1'), restoredDir)).toMatchObject({ code: 0 })
    expect(readdirSync(restoredDir).sort()).toEqual([
      'accounts.sqlite',
      'assets',
      'content.sqlite',
      'newsletter-secret',
      'subscribers.sqlite',
      'tls',
    ])
    expect(readFileSync(path.join(restoredDir, 'tls/self-signed-key.pem'), 'utf8')).toBe('KEY')
    const restoredVideo = path.join(restoredDir, path.relative(dataDir, videoFile))
    expect(readFileSync(restoredVideo).equals(video)).toBe(true)
    const store = new ContentStore({ file: path.join(restoredDir, 'content.sqlite') })
    expect(store.dataset('production').get('news-1')).toMatchObject({ title: 'Back on the road' })
    store.close()
  })

  it('refuses a target that exists and is not empty, and leaves it alone', async () => {
    const target = path.join(root, 'occupied')
    mkdirSync(target)
    writeFileSync(path.join(target, 'notes.txt'), 'mine')
    const result = await backup(target)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/occupied already exists and is not empty; back up into a new directory/)
    expect(readdirSync(target)).toEqual(['notes.txt'])
    // No half-written sibling is left behind either.
    expect(readdirSync(root).filter((name) => name.includes('.partial-'))).toEqual([])
  })

  it('refuses a target that is a file', async () => {
    writeFileSync(path.join(root, 'a-file'), 'x')
    const result = await backup(path.join(root, 'a-file'))
    expect(result).toMatchObject({ code: 1 })
    expect(result.err).toMatch(/a-file exists and is not a directory/)
  })

  it('two backups racing for one target: one is written whole, the other is refused', async () => {
    const target = path.join(root, 'raced')
    const results = await Promise.all([backup(target), backup(target)])
    expect(results.map((r) => r.code).sort()).toEqual([0, 1])
    expect(results.find((r) => r.code === 1)!.err).toMatch(
      /raced (was written by another backup meanwhile|already exists)/,
    )
    expect(await restore(target, path.join(root, 'raced-restored'))).toMatchObject({ code: 0 })
    expect(readdirSync(root).filter((name) => name.includes('.partial-'))).toEqual([])
  })

  it('backs up into an empty directory that already exists', async () => {
    mkdirSync(path.join(root, 'empty-target'))
    expect(await backup(path.join(root, 'empty-target'))).toMatchObject({ code: 0 })
  })

  it('says where subscribers and secrets are when they are not in the data dir', async () => {
    const result = await backup(path.join(root, 'b-pg'), {
      DATABASE_URL: 'postgres://band@127.0.0.1:5432/band',
      NEWSLETTER_SECRET: 's'.repeat(40),
    })
    expect(result.code).toBe(0)
    expect(result.out).toMatch(
      /Note: Subscribers are in PostgreSQL \(DATABASE_URL\): back them up with pg_dump/,
    )
    expect(result.out).toMatch(/Note: NEWSLETTER_SECRET is set in the environment/)
    expect(existsSync(path.join(root, 'b-pg', 'subscribers.sqlite'))).toBe(false)
  })

  it('refuses a data dir without site data', async () => {
    const result = await cli({ DATA_DIR: path.join(root, 'nowhere') }, 'backup', path.join(root, 'b-none'))
    expect(result).toMatchObject({ code: 1 })
    expect(result.err).toMatch(/No site data in .*nowhere: content.sqlite is missing/)
    expect(existsSync(path.join(root, 'b-none'))).toBe(false)
  })

  it('finishes a backup but exits 1 when an asset file the content names is missing from the data dir', async () => {
    const dir = mkdtempSync(path.join(root, 'damaged-'))
    await restore(path.join(root, 'b1'), dir)
    rmSync(path.join(dir, path.relative(dataDir, videoFile)))
    const result = await cli({ DATA_DIR: dir }, 'backup', path.join(root, 'b-damaged'))
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/Warning: production\/file-[0-9a-f]{40}-mp4: .* is missing from the data dir/)
    expect(existsSync(path.join(root, 'b-damaged', 'manifest.json'))).toBe(true)
  })

  it('refuses to restore into a data dir that is not empty, and changes nothing there', async () => {
    const result = await restore(path.join(root, 'b1'), dataDir)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/data is not empty \(.*\); restore only into an empty data dir/)
  })

  it('refuses an incomplete, truncated or altered backup before writing anything', async () => {
    const copy = (name: string) => {
      const dir = path.join(root, name)
      mkdirSync(dir)
      for (const entry of readdirSync(path.join(root, 'b1'), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const from = path.join(entry.parentPath, entry.name)
        const to = path.join(dir, path.relative(path.join(root, 'b1'), from))
        mkdirSync(path.dirname(to), { recursive: true })
        writeFileSync(to, readFileSync(from))
      }
      return dir
    }
    const expectRefused = async (dir: string, message: RegExp) => {
      const into = path.join(root, `into-${path.basename(dir)}`)
      const result = await restore(dir, into)
      expect(result.code).toBe(1)
      expect(result.err).toMatch(message)
      expect(existsSync(into) && readdirSync(into).length > 0).toBe(false)
    }

    const noManifest = copy('no-manifest')
    rmSync(path.join(noManifest, 'manifest.json'))
    await expectRefused(noManifest, /is not a complete backup: it has no manifest.json/)

    const truncated = copy('truncated')
    truncateSync(path.join(truncated, 'content.sqlite'), 4096)
    await expectRefused(
      truncated,
      /is damaged; nothing was restored:\n {2}- content.sqlite has 4096 bytes, the manifest says \d+/,
    )

    const altered = copy('altered')
    const secret = path.join(altered, 'newsletter-secret')
    writeFileSync(
      secret,
      readFileSync(secret, 'utf8').replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    )
    await expectRefused(altered, /- newsletter-secret does not match its checksum/)

    const lost = copy('lost-asset')
    rmSync(path.join(lost, 'assets'), { recursive: true })
    await expectRefused(lost, /- assets\/production\/files\/[0-9a-f]{40}\.mp4 is missing/)

    const garbled = copy('garbled')
    writeFileSync(path.join(garbled, 'manifest.json'), '{"format": "band-site-backup", "ver')
    await expectRefused(garbled, /manifest.json is not valid JSON: the backup is damaged/)

    const escaping = copy('escaping')
    const manifest = JSON.parse(readFileSync(path.join(escaping, 'manifest.json'), 'utf8')) as {
      files: { path: string }[]
    }
    manifest.files[0]!.path = '../../etc/cron.d/evil'
    writeFileSync(path.join(escaping, 'manifest.json'), JSON.stringify(manifest))
    await expectRefused(
      escaping,
      /not a backup manifest this release reads \(files.0.path: must be a relative path/,
    )
  })

  it('explains a missing directory argument', async () => {
    const result = await cli({}, 'restore')
    expect(result).toMatchObject({ code: 2 })
    expect(result.err).toMatch(/restore needs a directory/)
  })
})
