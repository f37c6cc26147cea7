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
/** A module graph as Rolldown hands it to a chunking pass: the same info object for a module within the pass. */
const graphOf = (edges: Record<string, string[]>) => {
  const infos = new Map<string, { importedIds: string[] }>()
  return {
    getModuleInfo: (id: string) => {
      if (!infos.has(id)) infos.set(id, { importedIds: edges[id] ?? [] })
      return infos.get(id)!
    },
  }
}
const graph = graphOf(imports)

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

  it('works out its members for each chunking pass, not once for every build', () => {
    const { name } = appChunkGroup({ entry: 'entry', app: 'app' })
    const nameIn = (pass: ReturnType<typeof graphOf>, id: string) =>
      typeof name === 'function' ? name(id, pass as never) : name
    expect(nameIn(graph, 'router')).toBe('hydrate-app')
    const rebuilt = graphOf({ ...imports, app: ['react', 'lib'], lib: ['router'], entry: ['router'] })
    expect(nameIn(rebuilt, 'router')).toBeNull()
    expect(nameIn(rebuilt, 'lib')).toBe('hydrate-app')
  })

  it("leaves the entry's own modules, route chunks and the Studio to Rolldown", () => {
    for (const id of ['entry', 'after-first-paint', 'route', 'shared', 'admin-page', 'studio']) {
      expect(nameOf(id)).toBeNull()
    }
  })
})
