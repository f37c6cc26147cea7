// Two router entry points load two copies of its contexts under Node (ESM and CJS builds), and a component
// using the other one crashes the server render with "useLocation() ... <Router>".
export const REACT_ROUTER_DOM = { name: 'react-router-dom', message: "Import from 'react-router' (ADR 030)." }

const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths: [REACT_ROUTER_DOM], patterns }],
})

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**']

/** Outside the engine: only its public module, and from web/ only what ADR 074 lists. */
const OUTSIDE_ENGINE = [
  {
    regex: '(^|/)engine/(?!authorization$).+',
    message:
      "Import the engine's public module (content-api/engine, or the light engine/authorization), not its files (ADR 074).",
  },
  {
    regex:
      '(^|/)web/src/(?!content/queries$|lib/content-client$|config/public-config$|.*-contract$|content/sanity\\.types$|entry-server$)',
    message:
      'server/ imports from web/ only content queries (and their client) and types, public config and *-contract.ts files (ADR 074).',
  },
  {
    regex: '(^|/)web/src/(content/sanity\\.types|entry-server)$',
    allowTypeImports: true,
    message: 'Only types come from the SSR entry and the generated content types (ADR 074).',
  },
]

/** assets/ without its http/ folder. */
const ASSET_STORAGE = ['server/content-api/assets/*.ts']

/**
 * Who may import whom (ADR 074). Relative paths are matched as written, so each zone states its depth.
 * `scripts/lint/import-boundaries.test.ts` lints a deliberate violation of each zone and expects it to fail.
 */
export const importBoundaries = [
  {
    // The content engine knows documents, not HTTP.
    files: ['server/content-api/engine/**/*.ts'],
    ignores: TESTS,
    rules: restrict(
      {
        group: ['express', 'express/*', 'express-serve-static-core'],
        message: 'The engine knows nothing of HTTP (ADR 074).',
      },
      {
        regex: '^(\\.\\./)+(content-api/)?http(/|$)',
        message: 'The engine never imports the HTTP edge (ADR 074).',
      },
      {
        regex: '(^|/)(auth|assets|accounts|archive|cli)(/|$)',
        message: 'The engine is called by these folders, never the reverse (ADR 074).',
      },
      {
        regex: '^(\\.\\./)+newsletter(/|$)',
        message:
          'The engine is independent of the newsletter; what both need lives in a module of server/ beside neither, as rate-limit-key.ts (ADR 074).',
      },
    ),
  },
  {
    // Outside the engine, only its public module: content-api/engine (engine/index.ts).
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/content-api/engine/**', ...ASSET_STORAGE],
    rules: restrict(...OUTSIDE_ENGINE),
  },
  {
    // Asset storage and image processing know files and pixels; their HTTP edge is assets/http/ (ADR 021).
    files: ASSET_STORAGE,
    ignores: TESTS,
    rules: restrict(
      ...OUTSIDE_ENGINE,
      {
        group: ['express', 'express/*', 'express-serve-static-core'],
        message:
          'Asset storage and image processing know nothing of HTTP; routes go in assets/http/ (ADR 021).',
      },
      {
        regex: '^(\\./|(\\.\\./)+)http(/|$)',
        message: 'Asset storage and image processing never import an HTTP layer (ADR 021).',
      },
    ),
  },
  {
    files: TESTS.map((glob) => `server/${glob}`),
    rules: restrict({
      regex: '(^|/)engine/(?!authorization$).+',
      message:
        "Import the engine's public module (content-api/engine, or the light engine/authorization), not its files (ADR 074).",
    }),
  },
  {
    // The Studio takes only types from the web app and the server, and the values of *-contract.ts files.
    files: ['studio/**/*.ts', 'studio/**/*.tsx'],
    ignores: TESTS,
    rules: restrict({
      regex: '^(\\.\\./)+(web|server)/(?!.*-contract$)',
      allowTypeImports: true,
      message: 'studio/ imports only types from web/ and server/, and *-contract.ts files (ADR 074).',
    }),
  },
  {
    // web/src layers: lib -> components -> features -> app.
    files: ['web/src/lib/**'],
    rules: restrict({
      regex: '^(\\.\\./)+(components|features|app)(/|$)',
      message: 'lib/ is the bottom layer (ADR 074).',
    }),
  },
  {
    files: ['web/src/components/**'],
    rules: restrict({
      regex: '^(\\.\\./)+(features|app)(/|$)',
      message: 'components/ never imports features or app (ADR 074).',
    }),
  },
  {
    // A feature uses another feature only through its public module (features/<name>/index.ts).
    files: ['web/src/features/*/*.ts', 'web/src/features/*/*.tsx'],
    rules: restrict(
      { regex: '^(\\.\\./)+app(/|$)', message: 'features/ never imports app (ADR 074).' },
      {
        regex: '^\\.\\./[^./][^/]*/',
        message: "Import another feature's public module (../<feature>), not its files (ADR 074).",
      },
    ),
  },
  {
    files: ['web/src/features/*/*/*.ts', 'web/src/features/*/*/*.tsx'],
    rules: restrict(
      { regex: '^(\\.\\./)+app(/|$)', message: 'features/ never imports app (ADR 074).' },
      {
        regex: '^\\.\\./\\.\\./[^./][^/]*/',
        message: "Import another feature's public module (../../<feature>), not its files (ADR 074).",
      },
    ),
  },
]
