import { describe, expect, it } from 'vitest'
import { assetsFromManifest } from './renderer'

describe('assetsFromManifest', () => {
  it('collects the entry, its CSS and its static imports for preloading (not lazy ones)', () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        css: ['assets/entry-client-1.css'],
        imports: ['_vendor.js'],
        isEntry: true,
      },
      '_vendor.js': { file: 'assets/vendor-2.js', imports: ['_shared.js'], css: ['assets/vendor-2.css'] },
      '_shared.js': { file: 'assets/shared-3.js', imports: ['_vendor.js'] },
      'web/src/features/news/news-page.tsx': { file: 'assets/news-page-4.js' },
    })
    expect(assets).toEqual({
      entry: '/assets/entry-client-1.js',
      css: ['/assets/entry-client-1.css', '/assets/vendor-2.css'],
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

  it('links the stylesheets of the app the entry imports after the first paint, without preloading its script', () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        dynamicImports: ['_hydrate-app.js'],
        isEntry: true,
      },
      '_hydrate-app.js': {
        file: 'assets/hydrate-app-2.js',
        css: ['assets/hydrate-app-2.css'],
        imports: ['web/src/entry-client.tsx', '_shared.js'],
        dynamicImports: ['web/src/features/news/news-page.tsx'],
      },
      '_shared.js': { file: 'assets/shared-3.js', css: ['assets/shared-3.css'] },
      'web/src/features/news/news-page.tsx': {
        file: 'assets/news-page-4.js',
        css: ['assets/news-page-4.css'],
      },
    })
    expect(assets).toEqual({
      entry: '/assets/entry-client-1.js',
      css: ['/assets/hydrate-app-2.css', '/assets/shared-3.css'],
      preload: [],
      draftPreload: [],
      draftScripts: [],
    })
  })

  it("links the stylesheets of the app's route chunks, not those of other lazy chunks", () => {
    const assets = assetsFromManifest({
      'web/src/entry-client.tsx': {
        file: 'assets/entry-client-1.js',
        dynamicImports: ['_hydrate-app.js'],
        isEntry: true,
      },
      '_hydrate-app.js': {
        file: 'assets/hydrate-app-2.js',
        css: ['assets/hydrate-app-2.css'],
        dynamicImports: ['_home.js', 'web/src/features/newsletter/newsletter-dialog.tsx'],
      },
      '_home.js': {
        file: 'assets/route-home-3.js',
        css: ['assets/home-3.css'],
        imports: ['_shared.js'],
        dynamicImports: ['web/src/features/media/components/gallery-overlay.tsx', '_show-pages.js'],
      },
      '_show-pages.js': { file: 'assets/route-show-pages-7.js', css: ['assets/show-pages-7.css'] },
      '_shared.js': { file: 'assets/shared-4.js', css: ['assets/shared-4.css'] },
      'web/src/features/newsletter/newsletter-dialog.tsx': {
        file: 'assets/newsletter-dialog-5.js',
        css: ['assets/newsletter-dialog-5.css'],
      },
      'web/src/features/media/components/gallery-overlay.tsx': {
        file: 'assets/gallery-overlay-6.js',
        css: ['assets/gallery-overlay-6.css'],
      },
    })
    expect(assets.css).toEqual(['/assets/hydrate-app-2.css', '/assets/home-3.css', '/assets/shared-4.css'])
    expect(assets.preload).toEqual([])
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
