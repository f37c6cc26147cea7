import type { Rolldown } from 'vite'

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }

/** The modules `from` imports statically, directly or through others, itself included. */
export function staticallyImported(from: string, graph: ModuleGraph): Set<string> {
  const reached = new Set<string>()
  const pending = [from]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (!reached.has(next)) pending.push(next)
  }
  return reached
}

/**
 * A code-splitting group (Rolldown, Vite 8) that keeps in one chunk what the app chunk loads at once: every module
 * `app` imports statically, less what the page's entry already holds. Rolldown's own splitting gives each module
 * the app shares with a route chunk or the Studio a chunk of its own (14 files for the app's first load, where
 * Rollup made one), and every file costs its own compression window: more bytes before the first input.
 * The app is always loaded before those chunks, so they lose nothing by importing from it.
 */
export function appChunkGroup({ entry, app }: { entry: string; app: string }): Rolldown.CodeSplittingGroup {
  // One member set per chunking pass: Rolldown hands out the same module info objects within a pass only, so a
  // second build from this config (another environment, a watch rebuild) computes its own.
  const membersOf = new WeakMap<object, Set<string>>()
  const members = (graph: ModuleGraph) => {
    const pass = graph.getModuleInfo(entry)
    let found = pass && membersOf.get(pass)
    if (!found) {
      const paged = staticallyImported(entry, graph)
      found = new Set([...staticallyImported(app, graph)].filter((module) => !paged.has(module)))
      if (pass) membersOf.set(pass, found)
    }
    return found
  }
  return {
    // Not the members' own imports: those the entry holds (the first-input listener, the preload helper) stay
    // where Rolldown puts them, outside the app chunk, or the entry would import the app chunk statically.
    includeDependenciesRecursively: false,
    name: (id, graph) => (members(graph).has(id) ? 'hydrate-app' : null),
  }
}
