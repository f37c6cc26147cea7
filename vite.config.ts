import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { appChunkGroup } from './scripts/build/app-chunk.ts'
import { noServerModulesInClient } from './scripts/build/no-server-modules-in-client.ts'
import { packageStylesInTheirChunk } from './scripts/build/package-styles-in-their-chunk.ts'
import { LongestFirstSequencer } from './scripts/test/longest-first-sequencer.ts'

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')

/** The Studio's page, behind `/admin`: the chunk that holds it, and all it alone imports, is the Studio's. */
const isStudioPage = (id: string) => id.endsWith('/web/src/features/admin/admin-page.tsx')

export default defineConfig({
  plugins: [react(), packageStylesInTheirChunk(), noServerModulesInClient()],
  publicDir: 'web/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // A font is never inlined into the render-blocking stylesheet, however small: the `rest` files are
    // fetched only by a page whose text needs them (ADR 130).
    // A sprite is never inlined either: `<use>` cannot point into a data: URL.
    assetsInlineLimit: (file) =>
      file.endsWith('.woff2') || file.endsWith('.sprite.svg') ? false : undefined,
    // One stylesheet for the whole site, which the server writes into every page (`createProdRenderer` in
    // server/ssr/renderer.ts; ADR 130). Split per chunk, Vite's loader would link the app's part
    // again when a lazy chunk loads (it looks for a <link>, not an inline style): a second download, and every
    // rule applied twice.
    cssCodeSplit: false,
    rolldownOptions: {
      input: 'web/src/entry-client.tsx',
      output: {
        // Rolldown writes no `import "./chunk.js"` lines for a chunk's transitive dependencies (Rollup did unless
        // told otherwise: bytes a gallery deep link fetched twice, ADR 130): Vite's preload helper fetches a chunk's
        // whole dependency tree in parallel already.
        codeSplitting: {
          // What the app chunk loads at once stays in that one chunk (scripts/build/app-chunk.ts).
          groups: [
            appChunkGroup({
              entry: `${root}/web/src/entry-client.tsx`,
              app: `${root}/web/src/hydrate-app.tsx`,
            }),
          ],
        },
        // Rolldown names the admin route's chunk after some Sanity module it merged with; a stable name
        // makes the chunk easy to find (tests, size figures) without changing how code is split.
        chunkFileNames: (chunk) => {
          if (chunk.moduleIds.some(isStudioPage)) return 'assets/admin-page-[hash].js'
          // A route's page chunk (web/src/app/routes.tsx), named so that size figures can find it. (With CSS
          // split per chunk, the server would also link these chunks' stylesheets: server/ssr/renderer.ts.)
          if (chunk.moduleIds.some((id) => id.includes('/web/src/app/routes/')))
            return 'assets/route-[name]-[hash].js'
          return 'assets/[name]-[hash].js'
        },
      },
    },
    // The Studio chunk is several MB by nature; it only loads on /admin.
    chunkSizeWarningLimit: 6000,
  },
  test: {
    // At least two files at once (Vitest's default is one less than the cores: one, on a 2-core machine). The
    // slowest files mostly wait on timers (body and query time limits, start-up, backups), so two on two cores
    // finish sooner (docs/logs/test-suite-times.md). The latency tests compare against a quiet side measured in
    // alternating blocks of the same run, so another file's load falls on both sides.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Generous bounds, not timings (`npm run bench` has those): the suite runs beside the browser tests, and a
    // password hash or a child server's start that takes a moment on a quiet machine takes several on a loaded one.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // In CI the unit suite shares two cores with the browser tests: a test whose bound a starved moment passed
    // gets another try, and the report names it as retried. A broken behaviour fails every try.
    retry: process.env.CI ? 2 : 0,
    // A fresh clone has no durations: the files that give their tests long limits start first.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'studio/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
    ],
  },
})
