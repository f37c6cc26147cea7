import type { Plugin } from 'vite'

// The stand-in's id must not end in `.css`, or Vite's CSS plugins would take it for a stylesheet.
const PREFIX = '\0package-style:'
const SUFFIX = '.js'

/** Whether `importer` is a module of an installed package (not the site's own code). */
export const isPackageModule = (importer: string | undefined) =>
  importer !== undefined && /[\\/]node_modules[\\/]/.test(importer)

/**
 * An `@font-face` rule that fetches its font from another origin. The Studio 6 design system loads Inter from
 * Sanity's CDN: offline that is a failed request in the console, online a request to a third party for every
 * editor. Without the rule the Studio's font stack goes on to the system's fonts, as Studio 5's did.
 */
export const REMOTE_FONT_FACE = /@font-face\s*\{[^}]*url\(\s*["']?(?:https?:)?\/\/[^}]*\}/g

/**
 * The module that stands in for a package's stylesheet: its text less remote fonts, added to the document when
 * the module runs.
 */
export const styleModuleCode = (stylesheet: string) =>
  `import text from ${JSON.stringify(`${stylesheet}?inline`)}\n` +
  `const style = document.createElement('style')\n` +
  `style.textContent = text.replace(${REMOTE_FONT_FACE.toString()}, '')\n` +
  `document.head.append(style)\n`

/**
 * Stylesheets that installed packages import themselves (the Studio's: `sanity/bundle.css`, `@sanity/ui` and its
 * next major's `styles.css`, large) travel in the JavaScript chunk that imports them and are added to the page
 * when that chunk runs. Without this, `cssCodeSplit: false` (vite.config.ts) puts them into the site's one
 * stylesheet, which every fan's page loads or inlines. The site's own stylesheets, imported from web/src, are
 * untouched. Client build only: the Studio never reaches the server bundle.
 */
export function packageStylesInTheirChunk(): Plugin {
  let isClientBuild = true
  return {
    name: 'package-styles-in-their-chunk',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      isClientBuild = !config.build.ssr
    },
    async resolveId(source, importer, options) {
      if (!isClientBuild || !isPackageModule(importer) || !/\.css$/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && !resolved.external ? `${PREFIX}${resolved.id}${SUFFIX}` : null
    },
    load(id) {
      return id.startsWith(PREFIX) ? styleModuleCode(id.slice(PREFIX.length, -SUFFIX.length)) : null
    },
  }
}
