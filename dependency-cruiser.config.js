/**
 * No import cycles in web/, server/, studio/ or scripts/: `npm run lint` runs dependency-cruiser with this file,
 * and `scripts/lint/import-cycles.test.ts` proves that it fires. Type-only imports count: a type cycle still ties
 * two files so that neither can be read, moved or split without the other, and two of the cycles this guard was
 * written against (`lib/content-client.ts` <-> `lib/sync-tags.ts`, `app/lazy-route.tsx` <-> `app/routes.tsx`)
 * were type-only on one side. A dynamic `import()` counts too: a lazy chunk importing its loader is the same knot.
 */

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycle: move the shared piece into a module both sides import (dependency-cruiser.config.js).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
}
