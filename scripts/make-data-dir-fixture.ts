/**
 * Writes a small data dir with the code of this release: `node --import tsx scripts/make-data-dir-fixture.ts <dir>`.
 * Its output is committed per release as `tests/fixtures/data-dir-<version>/`, and
 * `server/db/data-dir-upgrade.test.ts` checks that later releases still open and migrate it (ADR 112).
 * Run it once when a release changes a schema, with that release's predecessor checked out; never regenerate
 * an existing fixture, or the test stops proving anything.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { openAccounts } from '../server/content-api/accounts/accounts'
import { createAssets } from '../server/content-api/assets/assets'
import { storeAssetDocuments } from '../server/content-api/assets/store-asset-documents'
import { ContentStore } from '../server/content-api/engine'
import { openSqliteSubscribersRepository } from '../server/newsletter/sqlite-subscribers-repository'

const dir = process.argv[2]
if (!dir) throw new Error('usage: make-data-dir-fixture.ts <empty dir>')
if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`)

let tick = Date.parse('2026-03-01T10:00:00.000Z')
const now = () => new Date((tick += 60_000))

const store = new ContentStore({ file: path.join(dir, 'content.sqlite'), now })
const assets = createAssets({
  dataDir: dir,
  projectId: 'local',
  documents: storeAssetDocuments(store),
  publicBase: '/content',
})
const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#b5412b' } })
  .png()
  .toBuffer()
const image = await assets.service.upload('image', 'production', png, { filename: 'poster.png' }, 'fixture')
const file = await assets.service.upload(
  'file',
  'production',
  Buffer.from('ID3 fixture audio bytes'),
  { filename: 'demo.mp3', contentType: 'audio/mpeg' },
  'fixture',
)
const write = (mutations: object[]) =>
  store.commit('production', { author: 'fixture' }, (ws) => {
    for (const mutation of mutations) {
      const body = Object.values(mutation)[0] as { _id?: string; id?: string }
      ws.apply((body._id ?? body.id)!, mutation as never)
    }
  })
await write([
  {
    create: {
      _id: 'event-fixture',
      _type: 'event',
      date: '2027-05-01T20:00:00Z',
      venue: 'Teatro Fixture',
      city: 'Oaxaca',
      status: 'onSale',
    },
  },
  {
    create: {
      _id: 'news-fixture',
      _type: 'newsPost',
      title: 'First title',
      slug: { _type: 'slug', current: 'fixture-post' },
      coverImage: { _type: 'image', asset: { _type: 'reference', _ref: image._id } },
      audio: { _type: 'file', asset: { _type: 'reference', _ref: file._id } },
    },
  },
])
await write([{ patch: { id: 'news-fixture', set: { title: 'Second title' } } }])
await write([{ create: { _id: 'drafts.news-fixture', _type: 'newsPost', title: 'Draft title' } }])
store.close()

const accounts = openAccounts({ file: path.join(dir, 'accounts.sqlite'), now })
await accounts.users.create({
  email: 'admin@example.com',
  name: 'Fixture Admin',
  role: 'administrator',
  password: 'fixture-password',
})
const { token } = accounts.apiTokens.create({ label: 'fixture', role: 'editor' })
accounts.close()

const subscribers = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'))
const signUp = { consentText: 'Fixture consent', consentVersion: '1', source: 'popup', ipHash: null }
await subscribers.insertIfAbsent({
  ...signUp,
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  status: 'subscribed',
  at: '2026-03-02T10:00:00.000Z',
})
const { subscriber } = await subscribers.insertIfAbsent({
  ...signUp,
  email: 'leo@example.com',
  firstName: 'Leo',
  lastName: 'Vega',
  status: 'subscribed',
  at: '2026-03-03T10:00:00.000Z',
})
await subscribers.unsubscribe(subscriber.id, '2026-03-04T10:00:00.000Z')
await subscribers.close()

writeFileSync(path.join(dir, 'newsletter-secret'), 'fixture-newsletter-secret-0123456789abcdef')
console.log(JSON.stringify({ image: image._id, file: file._id, token }, null, 2))
