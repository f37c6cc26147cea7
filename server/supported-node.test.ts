import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { isSupportedNode, requiredNodeVersion } from './supported-node'

const run = promisify(execFile)
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string }
}

describe('the supported Node.js version', () => {
  let dir: string | undefined
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

  it('is Node 24 LTS, read from engines.node, and this process runs on it', () => {
    const required = requiredNodeVersion(packageJson.engines.node)
    expect(required[0]).toBe(24)
    expect(isSupportedNode(process.versions.node, required)).toBe(true)
  })

  it('compares major, minor and patch in turn', () => {
    const required = [24, 15, 0] as const
    expect(isSupportedNode('24.15.0', required)).toBe(true)
    expect(isSupportedNode('24.21.0', required)).toBe(true)
    expect(isSupportedNode('26.0.0', required)).toBe(true)
    expect(isSupportedNode('24.14.9', required)).toBe(false)
    expect(isSupportedNode('22.22.0', required)).toBe(false)
    expect(isSupportedNode('20.20.2', required)).toBe(false)
  })

  it('refuses an engines.node it cannot read, rather than guessing', () => {
    expect(() => requiredNodeVersion('^24.15.0')).toThrow(/>=MAJOR.MINOR.PATCH/)
    expect(() => requiredNodeVersion('>=24')).toThrow(/>=MAJOR.MINOR.PATCH/)
  })

  it('stops a process on an older Node with exit code 1 and says which one it needs', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'supported-node-'))
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ engines: { node: '>=99.0.0' } }))
    const guard = pathToFileURL(path.resolve(import.meta.dirname, 'supported-node.ts')).href
    const script = `import { refuseUnsupportedNode } from '${guard}'
refuseUnsupportedNode(new URL('${pathToFileURL(path.join(dir, 'package.json')).href}'))
console.log('still running')`
    const failed = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]).catch((error: { code: number; stdout: string; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1, stdout: '' })
    expect((failed as { stderr: string }).stderr).toContain(
      `needs Node.js 99.0.0 or later (Node 24 LTS); this is Node.js ${process.versions.node}`,
    )
  })
})
