import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SanityClient } from '@sanity/client'
import { afterAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from './testing/edge-test-server'

/**
 * `*` answers in `_id` order, as Sanity does, whatever order the documents were written in: before this, the
 * order was the writes' while the server ran and SQLite's after a restart, so `*[_type == "x"][0..1]` named
 * other documents after a restart.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'star-order-'))
let server: EdgeTestServer | undefined
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function editorOf(running: EdgeTestServer): Promise<SanityClient> {
  const email = 'order@example.com'
  const user =
    running.accounts.users.findByEmail(email) ??
    (await running.accounts.users.create({ email, name: 'O', role: 'editor', password: 'p' }))
  return running.client(running.accounts.sessions.create(user.id).token, '2025-02-19')
}

async function reads(client: SanityClient) {
  const ids = '*[_type == "ordered"]._id'
  return {
    published: await client.fetch<string[]>(ids),
    firstTwo: await client.fetch<string[]>('*[_type == "ordered"][0..1]._id'),
    drafts: await client.fetch<string[]>(ids, {}, { perspective: 'drafts' }),
    raw: await client.fetch<string[]>(ids, {}, { perspective: 'raw' }),
  }
}

const expected = {
  published: ['alpha', 'charlie', 'mike', 'xray'],
  firstTwo: ['alpha', 'charlie'],
  // The draft of `zulu` (no published version) and of `charlie` under their published ids.
  drafts: ['alpha', 'charlie', 'mike', 'xray', 'zulu'],
  raw: ['alpha', 'charlie', 'drafts.charlie', 'drafts.zulu', 'mike', 'xray'],
}

describe('the order of *', () => {
  it('is _id order while the server runs and after a restart', async () => {
    server = await startEdgeTestServer({}, { dataDir })
    const editor = await editorOf(server)
    // Written in an order that is neither `_id` order nor its reverse, one transaction each.
    for (const id of ['mike', 'drafts.zulu', 'charlie', 'xray', 'drafts.charlie', 'alpha']) {
      await editor.create({ _id: id, _type: 'ordered' })
    }
    // A document deleted and written again keeps its place.
    await editor.delete('mike')
    await editor.create({ _id: 'mike', _type: 'ordered' })
    expect(await reads(editor)).toEqual(expected)

    await server.close()
    server = await startEdgeTestServer({}, { dataDir })
    expect(await reads(await editorOf(server))).toEqual(expected)
  })
})
