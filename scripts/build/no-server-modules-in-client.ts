import type { Plugin } from 'vite'

/** A route's server half (web/src/app/routes/<id>.server.ts) or any other `.server` module. */
export const isServerModule = (id: string) => /\.server\.[cm]?[jt]sx?$/.test(id.split('?')[0]!)

/** The server modules among a chunk's modules: the browser's build must have none. */
export const serverModulesIn = (chunks: { fileName: string; moduleIds?: string[] }[]) =>
  chunks.flatMap((chunk) =>
    (chunk.moduleIds ?? []).filter(isServerModule).map((id) => `${chunk.fileName}: ${id}`),
  )

/**
 * Fails the browser's build when a chunk holds a `.server` module: the loaders and the values lists attach to
 * the routes on the server only (web/src/app/server-routes.ts), and a browser import of one would ship them,
 * and what they import, to every visitor.
 */
export function noServerModulesInClient(): Plugin {
  let isClientBuild = true
  return {
    name: 'no-server-modules-in-client',
    apply: 'build',
    configResolved(config) {
      isClientBuild = !config.build.ssr
    },
    generateBundle(_options, bundle) {
      if (!isClientBuild) return
      const found = serverModulesIn(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : [])),
      )
      if (found.length > 0) this.error(`Server modules in the browser's build:\n${found.join('\n')}`)
    },
  }
}
