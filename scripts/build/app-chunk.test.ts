import { describe, expect, it } from 'vitest'
import { appChunkGroup, staticallyImported } from './app-chunk'

// entry -> (static) after-first-paint; entry -> (dynamic) app; app -> react, router, lib -> after-first-paint;
// app -> (dynamic) route -> react, shared; the Studio's page -> react, studio.
const imports: Record<string, string[]> = {
  entry: ['after-first-paint'],
  app: ['react', 'router', 'lib'],
  lib: ['after-first-paint', 'lib'],
  router: ['react'],
  route: ['react', 'shared'],
  'admin-page': ['react', 'studio'],
}
const graph = {
  getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id]! } : { importedIds: [] }),
}

describe('staticallyImported', () => {
  it('follows static imports only, through cycles, itself included', () => {
    expect([...staticallyImported('app', graph)].sort()).toEqual([
      'after-first-paint',
      'app',
      'lib',
      'react',
      'router',
    ])
  })
})

describe('appChunkGroup', () => {
  const nameOf = (id: string) => {
    const { name } = appChunkGroup({ entry: 'entry', app: 'app' })
    return typeof name === 'function' ? name(id, graph as never) : name
  }

  it("puts what the app loads at once in the app's chunk, shared or not", () => {
    for (const id of ['app', 'react', 'router', 'lib']) expect(nameOf(id)).toBe('hydrate-app')
  })

  it('does not pull in what its members import, so the entry never imports the app chunk statically', () => {
    expect(appChunkGroup({ entry: 'entry', app: 'app' }).includeDependenciesRecursively).toBe(false)
  })

  it("leaves the entry's own modules, route chunks and the Studio to Rolldown", () => {
    for (const id of ['entry', 'after-first-paint', 'route', 'shared', 'admin-page', 'studio']) {
      expect(nameOf(id)).toBeNull()
    }
  })
})
