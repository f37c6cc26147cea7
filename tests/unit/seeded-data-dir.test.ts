import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { copySeededDataDir } from '../e2e/support/seeded-data-dir'

const root = mkdtempSync(join(tmpdir(), 'seeded-data-dir-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A template another server already made: its lock taken and the dir in place. */
function madeTemplate(name: string): string {
  const template = join(root, name)
  mkdirSync(`${template}.lock`)
  mkdirSync(join(template, 'assets'), { recursive: true })
  writeFileSync(join(template, 'content.sqlite'), 'seeded')
  writeFileSync(join(template, 'assets', 'cover.jpg'), 'jpeg')
  return template
}

describe('an e2e server on a copy of the seeded data dir', () => {
  it('gets every file of the template in its own dir, and its writes stay there', async () => {
    const template = madeTemplate('made')
    const dataDir = mkdtempSync(join(root, 'server-'))
    await copySeededDataDir(template, dataDir)
    expect(readFileSync(join(dataDir, 'content.sqlite'), 'utf8')).toBe('seeded')
    expect(readFileSync(join(dataDir, 'assets', 'cover.jpg'), 'utf8')).toBe('jpeg')
    writeFileSync(join(dataDir, 'content.sqlite'), 'written by this server')
    expect(readFileSync(join(template, 'content.sqlite'), 'utf8')).toBe('seeded')
  })

  it('refuses a data dir that already holds files', async () => {
    const template = madeTemplate('refused')
    const dataDir = mkdtempSync(join(root, 'used-'))
    writeFileSync(join(dataDir, 'content.sqlite'), 'someone else')
    await expect(copySeededDataDir(template, dataDir)).rejects.toThrow(/is not empty/)
    expect(readFileSync(join(dataDir, 'content.sqlite'), 'utf8')).toBe('someone else')
  })

  it('fails at once, naming the first server, when the first start that makes the template failed', async () => {
    const template = join(root, 'failed')
    mkdirSync(`${template}.lock`)
    writeFileSync(`${template}.failed`, 'the first start exited with 1')
    await expect(copySeededDataDir(template, mkdtempSync(join(root, 'waiting-')))).rejects.toThrow(
      /failed: see the first e2e server's output/,
    )
  })
})
