import { describe, expect, it } from 'vitest'
import { assetsFromManifest } from './renderer'

describe('assetsFromManifest', () => {
  it('collects the entry and its static imports for preloading (not lazy ones)', () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        imports: ['_vendor.js'],
        dynamicImports: ['_hydrate-app.js'],
        isEntry: true,
      },
      '_vendor.js': { file: 'assets/vendor-2.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-3.js', imports: ['_vendor.js'] },
      '_hydrate-app.js': { file: 'assets/hydrate-app-4.js', imports: ['_shared.js'] },
    })
    expect(assets).toEqual({
      entry: '/assets/entry-client-1.js',
      css: [],
      preload: ['/assets/vendor-2.js', '/assets/shared-3.js'],
      draftPreload: [],
      draftScripts: [],
    })
  })

  it("links the site's one stylesheet when CSS is not split per chunk", () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        dynamicImports: ['_hydrate-app.js'],
        isEntry: true,
      },
      '_hydrate-app.js': { file: 'assets/hydrate-app-2.js' },
      'style.css': { file: 'assets/style-3.css' },
    })
    expect(assets).toEqual({
      entry: '/assets/entry-client-1.js',
      css: ['/assets/style-3.css'],
      preload: [],
      draftPreload: [],
      draftScripts: [],
    })
  })

  it('refuses a build whose chunks have stylesheets of their own, which no page would link', () => {
    expect(() =>
      assetsFromManifest({
        'web/src/entry-client.tsx': { file: 'assets/entry-client-1.js', isEntry: true },
        '_home.js': { file: 'assets/route-home-3.js', css: ['assets/home-3.css'] },
      }),
    ).toThrow(/route-home-3\.js has a stylesheet of its own; keep cssCodeSplit: false/)
  })

  it("lists the visual editing overlay's chunks for draft pages only, not in what every page preloads", () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        dynamicImports: ['_hydrate-app.js', 'web/src/preview/start-overlay.ts'],
        isEntry: true,
      },
      '_hydrate-app.js': { file: 'assets/hydrate-app-2.js', imports: ['web/src/entry-client.tsx'] },
      'web/src/preview/start-overlay.ts': {
        file: 'assets/start-overlay-3.js',
        imports: ['web/src/entry-client.tsx', '_overlay-link.js'],
        dynamicImports: ['node_modules/@sanity/visual-editing/dist/renderVisualEditing.js'],
      },
      '_overlay-link.js': { file: 'assets/overlay-link-4.js' },
      'node_modules/@sanity/visual-editing/dist/renderVisualEditing.js': {
        file: 'assets/renderVisualEditing-5.js',
        imports: ['_hydrate-app.js'],
        dynamicImports: ['node_modules/@sanity/visual-editing/dist/LoaderComlink.js'],
      },
      'node_modules/@sanity/visual-editing/dist/LoaderComlink.js': { file: 'assets/LoaderComlink-6.js' },
    })
    expect(assets.preload).toEqual([])
    expect(assets.draftPreload).toEqual([
      '/assets/start-overlay-3.js',
      '/assets/overlay-link-4.js',
      '/assets/renderVisualEditing-5.js',
      '/assets/hydrate-app-2.js',
    ])
    expect(assets.draftScripts).toEqual(['/assets/renderVisualEditing-5.js', '/assets/start-overlay-3.js'])
  })

  it('explains a missing build', () => {
    expect(() => assetsFromManifest({})).toThrow(/npm run build/)
  })
})
