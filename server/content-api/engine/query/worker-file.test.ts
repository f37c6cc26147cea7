import { readdirSync } from 'node:fs'
import os from 'node:os'
import { describe, expect, it, vi } from 'vitest'

/** Worker bundles in the temp dir, by name. */
const bundles = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('band-site-query-worker-'))

describe('query worker bundle', () => {
  it('is one file per content, shared by every process: a killed process leaves nothing new behind', async () => {
    const first = await (await import('./query-pool')).workerFile()
    expect(first).toMatch(/band-site-query-worker-[0-9a-f]{16}\.mjs$/)
    const before = bundles()
    // A fresh module instance builds again, as a new process does, and finds the same file.
    vi.resetModules()
    const second = await (await import('./query-pool')).workerFile()
    expect(second).toBe(first)
    expect(bundles()).toEqual(before)
  })
})
