import { minify, type MinifyOptions } from 'terser'
import type { Plugin } from 'vite'

/**
 * A second minification, with terser, of the chunks a fan's browser loads (ADR 130, option 30). esbuild, Vite's
 * minifier, is fast but leaves bytes that terser's repeated compress passes take out: 2.2 KB gzip of the 103 KB
 * a deep link to a gallery item loads, most of it in react-dom. The Studio's chunks (several MB behind `/admin`,
 * never on a fan's path) keep esbuild's output alone: terser on them would add about 80 s to every build.
 */

/**
 * Safe transforms only: no `unsafe_*` and no `pure_getters` (a read such as `el.offsetWidth` can be the point).
 * Comments as terser's default: licence comments (`/*!`, `@license`) stay.
 */
export const SITE_TERSER_OPTIONS: MinifyOptions = {
  module: true,
  compress: { passes: 3 },
}

/** How a module imports others, as Rollup's module info tells it. */
export type ModuleLinks = {
  importedIds: readonly string[]
  dynamicallyImportedIds: readonly string[]
}

/**
 * The modules reachable from `entries` through static and dynamic imports without entering a module for which
 * `isFence` holds (the Studio's page): the site's own code and whatever it shares with the Studio.
 */
export function reachableModules(
  entries: readonly string[],
  linksOf: (id: string) => ModuleLinks | null,
  isFence: (id: string) => boolean,
): Set<string> {
  const reached = new Set<string>()
  const pending = entries.filter((id) => !isFence(id))
  while (pending.length > 0) {
    const id = pending.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    const links = linksOf(id)
    if (!links) continue
    for (const next of [...links.importedIds, ...links.dynamicallyImportedIds]) {
      if (!reached.has(next) && !isFence(next)) pending.push(next)
    }
  }
  return reached
}

/**
 * The Vite plugin: after Vite's own minification (`order: 'post'`), terser minifies each client chunk holding a
 * module the site reaches without going through `studioPage`. The SSR build is left alone.
 */
export function minifySiteChunks({ studioPage }: { studioPage: (id: string) => boolean }): Plugin {
  let site: Set<string> | null = null
  let isClientBuild = true
  return {
    name: 'minify-site-chunks',
    apply: 'build',
    configResolved(config) {
      isClientBuild = !config.build.ssr
    },
    buildStart() {
      site = null
    },
    renderChunk: {
      order: 'post',
      async handler(code, chunk) {
        if (!isClientBuild) return null
        site ??= reachableModules(
          [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry),
          (id) => this.getModuleInfo(id),
          studioPage,
        )
        if (!chunk.moduleIds.some((id) => site!.has(id))) return null
        const result = await minify(code, SITE_TERSER_OPTIONS)
        return result.code === undefined ? null : { code: result.code, map: null }
      },
    },
  }
}
