import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The import boundaries of ADR 074 (eslint.boundaries.js), checked the way `npm run lint` checks them: each
 * case lints one line as if it were in the named file and expects the boundary rule to fire, or not.
 */
const eslint = new ESLint()

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value\n`, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message)
}

const violations: [string, string, string, RegExp][] = [
  [
    'the engine importing express',
    'server/content-api/engine/x.ts',
    "import value from 'express'",
    /knows nothing of HTTP/,
  ],
  [
    'the engine importing the HTTP edge',
    'server/content-api/engine/store/x.ts',
    "import { value } from '../../http/router'",
    /never imports the HTTP edge/,
  ],
  [
    'the engine importing auth',
    'server/content-api/engine/x.ts',
    "import { value } from '../auth/acl'",
    /called by these folders/,
  ],
  [
    'the engine importing the newsletter',
    'server/content-api/engine/query/x.ts',
    "import { value } from '../../../newsletter/rate-limit'",
    /independent of the newsletter/,
  ],
  [
    'image processing importing express',
    'server/content-api/assets/x.ts',
    "import value from 'express'",
    /know nothing of HTTP/,
  ],
  [
    'image processing importing its HTTP edge',
    'server/content-api/assets/x.ts',
    "import { value } from './http/serve-router'",
    /never import an HTTP layer/,
  ],
  [
    'asset storage reaching into engine files',
    'server/content-api/assets/x.ts',
    "import { value } from '../engine/store/content-store'",
    /public module/,
  ],
  [
    'the server reaching into engine files',
    'server/page-cache/x.ts',
    "import { value } from '../content-api/engine/store/content-store'",
    /public module/,
  ],
  [
    'the server importing a web feature',
    'server/seo/x.ts',
    "import { value } from '../../web/src/features/shows/utils/show-paths'",
    /only content queries/,
  ],
  [
    'the server taking a value from the SSR entry',
    'server/ssr/x.ts',
    "import { value } from '../../web/src/entry-server'",
    /Only types/,
  ],
  [
    'the Studio importing web values',
    'studio/tools/x.ts',
    "import { value } from '../../web/src/lib/content-client'",
    /only types/,
  ],
  [
    'lib importing components',
    'web/src/lib/x.ts',
    "import { value } from '../components/ui/pager'",
    /bottom layer/,
  ],
  [
    'components importing a feature',
    'web/src/components/ui/x.tsx',
    "import { value } from '../../features/site'",
    /never imports features/,
  ],
  [
    'a feature importing app',
    'web/src/features/news/x.ts',
    "import { value } from '../../app/page-seo'",
    /never imports app/,
  ],
  [
    "a feature importing another feature's files",
    'web/src/features/events/components/x.tsx',
    "import { value } from '../../shows/utils/show-paths'",
    /public module/,
  ],
  [
    'react-router-dom inside lib',
    'web/src/lib/x.ts',
    "import { value } from 'react-router-dom'",
    /react-router/,
  ],
  [
    'react-router-dom inside components',
    'web/src/components/x.tsx',
    "import { value } from 'react-router-dom'",
    /react-router/,
  ],
]

const allowed: [string, string, string][] = [
  [
    'the engine using a neutral server module',
    'server/content-api/engine/query/x.ts',
    "import { value } from '../../../rate-limit-key'",
  ],
  [
    'the server using the engine module',
    'server/page-cache/x.ts',
    "import { value } from '../content-api/engine'",
  ],
  [
    "the assets' HTTP edge using express and image processing",
    'server/content-api/assets/http/x.ts',
    "import value from 'express'\nimport { other } from '../image-params'\nexport const more = other",
  ],
  [
    'asset storage using the engine module',
    'server/content-api/assets/x.ts',
    "import { value } from '../engine'",
  ],
  [
    'the server using a contract',
    'server/seo/x.ts',
    "import { value } from '../../web/src/features/shows/shows-contract'",
  ],
  [
    'the server using content queries',
    'server/seo/x.ts',
    "import { value } from '../../web/src/content/queries'",
  ],
  [
    'the server taking types from the SSR entry',
    'server/ssr/x.ts',
    "import type { value } from '../../web/src/entry-server'",
  ],
  [
    'the Studio taking web types',
    'studio/x.ts',
    "import type { value } from '../web/src/config/public-config'",
  ],
  [
    "a feature using another feature's module",
    'web/src/features/events/components/x.tsx',
    "import { value } from '../../shows'",
  ],
  [
    'a feature using lib',
    'web/src/features/events/components/x.tsx',
    "import { value } from '../../../lib/safe-url'",
  ],
]

describe('import boundaries (ADR 074)', () => {
  // The first lint loads the config and the TypeScript parser: seconds on a loaded machine.
  beforeAll(() => eslint.lintText('', { filePath: 'server/warm-up.ts' }), 60_000)

  it.each(violations)('refuses %s', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(message)
  })

  it.each(allowed)('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})
