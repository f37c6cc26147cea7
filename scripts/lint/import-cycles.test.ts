import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise } from 'dependency-cruiser'
import { afterEach, describe, expect, it } from 'vitest'
import config from '../../dependency-cruiser.config.js'

/**
 * The import-cycle guard (dependency-cruiser.config.js), run the way `npm run lint` runs it, on small trees of
 * files written for each case: a cycle fails and is printed module by module; the one allowed cycle passes only
 * while no other file is on it.
 */
let root: string | undefined

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

async function cycleReport(files: Record<string, string>): Promise<{ exitCode: number; output: string }> {
  root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'))
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), code)
  }
  const { tsConfig: _repositoryOnly, ...options } = config.options
  const result = await cruise(
    ['web'],
    {
      ...options,
      baseDir: root,
      ruleSet: { forbidden: config.forbidden },
      outputType: 'err',
      validate: true,
    },
    { extensions: ['.ts', '.tsx'] },
  )
  return { exitCode: result.exitCode, output: String(result.output) }
}

describe('import cycles (dependency-cruiser.config.js)', () => {
  it('fails on a cycle, a type-only import included, and prints it', async () => {
    const { exitCode, output } = await cycleReport({
      'web/src/lib/client.ts':
        "import { position } from './tags'\nexport type Client = { position: string }\n",
      'web/src/lib/tags.ts': "import type { Client } from './client'\nexport const position = ''\n",
    })
    expect(exitCode).toBe(1)
    expect(output).toMatch(
      /no-circular: web\/src\/lib\/client\.ts →\s+web\/src\/lib\/tags\.ts →\s+web\/src\/lib\/client\.ts/,
    )
  })

  it('fails on a cycle through a dynamic import', async () => {
    const { exitCode } = await cycleReport({
      'web/src/routes.ts': "export const load = () => import('./page')\n",
      'web/src/page.ts': "import { load } from './routes'\nexport const again = load\n",
    })
    expect(exitCode).toBe(1)
  })

  it('passes a tree without cycles', async () => {
    const { exitCode, output } = await cycleReport({
      'web/src/lib/position.ts': "export const position = ''\n",
      'web/src/lib/client.ts': "import { position } from './position'\nexport const client = position\n",
      'web/src/lib/tags.ts': "import { position } from './position'\nexport const tags = position\n",
    })
    expect({ exitCode, output }).toMatchObject({
      exitCode: 0,
      output: expect.stringMatching(/no dependency violations/),
    })
  })
})
