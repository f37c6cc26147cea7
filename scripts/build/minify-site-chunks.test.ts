import { describe, expect, it } from 'vitest'
import { reachableModules, type ModuleLinks } from './minify-site-chunks'

const graph: Record<string, ModuleLinks> = {
  entry: { importedIds: ['app'], dynamicallyImportedIds: ['home', 'admin-route'] },
  app: { importedIds: ['react'], dynamicallyImportedIds: [] },
  home: { importedIds: ['react', 'shared'], dynamicallyImportedIds: ['overlay'] },
  overlay: { importedIds: ['home'], dynamicallyImportedIds: [] },
  'admin-route': { importedIds: ['react'], dynamicallyImportedIds: ['admin-page'] },
  'admin-page': { importedIds: ['studio', 'shared'], dynamicallyImportedIds: ['studio-lazy'] },
  studio: { importedIds: ['react'], dynamicallyImportedIds: [] },
  'studio-lazy': { importedIds: [], dynamicallyImportedIds: [] },
  shared: { importedIds: [], dynamicallyImportedIds: [] },
  react: { importedIds: [], dynamicallyImportedIds: [] },
}
const linksOf = (id: string) => graph[id] ?? null

describe('reachableModules', () => {
  it('follows static and dynamic imports, stopping at the fence', () => {
    const site = reachableModules(['entry'], linksOf, (id) => id === 'admin-page')
    expect([...site].sort()).toEqual(['admin-route', 'app', 'entry', 'home', 'overlay', 'react', 'shared'])
  })

  it('keeps a module the fenced page shares with the site, and nothing only the fenced page reaches', () => {
    const site = reachableModules(['entry'], linksOf, (id) => id === 'admin-page')
    expect(site.has('shared')).toBe(true)
    expect(site.has('studio')).toBe(false)
    expect(site.has('studio-lazy')).toBe(false)
  })

  it('reaches everything without a fence, survives cycles and unknown ids', () => {
    const site = reachableModules(['entry', 'missing'], linksOf, () => false)
    expect(site.size).toBe(Object.keys(graph).length + 1)
  })

  it('reaches nothing from a fenced entry', () => {
    expect(reachableModules(['admin-page'], linksOf, (id) => id === 'admin-page').size).toBe(0)
  })
})
