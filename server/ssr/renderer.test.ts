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
    })
  })

  it('explains a missing build', () => {
    expect(() => assetsFromManifest({})).toThrow(/npm run build/)
  })
})
