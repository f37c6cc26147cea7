import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The function length rule of ADR 074 (`max-lines-per-function` in eslint.config.js), checked the way
 * `npm run lint` checks it: a function of a given number of lines, linted as if it were in the named file.
 */
const eslint = new ESLint()

/** A function of exactly `lines` lines, with a blank line and a comment among them (both count). */
function functionOf(lines: number, before = ''): string {
  const body = Array.from({ length: lines - 6 }, (_, i) => `  total += ${i}`)
  const fn = [
    'export function long(): number {',
    '  let total = 0',
    '',
    '  // a comment',
    ...body,
    '  return total',
    '}',
  ]
  return `${before}${fn.join('\n')}\n`
}

async function lengthErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message)
}

describe('function length (ADR 074)', () => {
  // The first lint loads the config and the TypeScript parser: seconds on a loaded machine.
  beforeAll(() => eslint.lintText('', { filePath: 'server/warm-up.ts' }), 60_000)

  it('counts the lines it is given', () => {
    expect(functionOf(81).trimEnd().split('\n')).toHaveLength(81)
  })

  it.each(['server/x.ts', 'web/src/features/x/y.tsx', 'studio/tools/x.tsx'])(
    'refuses a function of 81 lines in %s',
    async (file) => {
      const errors = await lengthErrors(file, functionOf(81))
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(/too many lines \(81\)\. Maximum allowed is 80/)
    },
  )

  it('allows 80 lines, blank lines and comments included', async () => {
    expect(await lengthErrors('server/x.ts', functionOf(80))).toEqual([])
  })

  it.each(['server/x.test.ts', 'web/src/x.test.tsx', 'server/testing/x.ts', 'scripts/x.ts'])(
    'leaves tests and scripts alone: %s',
    async (file) => {
      expect(await lengthErrors(file, functionOf(120))).toEqual([])
    },
  )

  it('accepts the documented exception for a factory of small closures', async () => {
    const disabled = functionOf(
      120,
      '// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)\n',
    )
    expect(await lengthErrors('server/x.ts', disabled)).toEqual([])
  })
})
