import { describe, expect, it } from 'vitest'
import { isPackageModule, REMOTE_FONT_FACE, styleModuleCode } from './package-styles-in-their-chunk'

describe('package styles in their chunk', () => {
  it("takes only stylesheets that an installed package imports, never the site's own", () => {
    expect(isPackageModule('/app/node_modules/sanity/lib/index.js')).toBe(true)
    expect(isPackageModule('C:\\app\\node_modules\\@sanity\\ui\\dist\\index.js')).toBe(true)
    expect(isPackageModule('/app/web/src/app/routes/news.tsx')).toBe(false)
    expect(isPackageModule(undefined)).toBe(false)
  })

  it('stands in for the stylesheet with a module that adds its text to the document', () => {
    const code = styleModuleCode('/app/node_modules/@sanity/ui/dist/styles.css')
    expect(code).toContain('import text from "/app/node_modules/@sanity/ui/dist/styles.css?inline"')
    expect(code).toContain('document.head.append(style)')
  })

  it('drops font faces served from another origin, and keeps local ones and every other rule', () => {
    const remote =
      '@font-face{font-family:Inter;font-style:normal;src:url(https://design-system-static.sanity.io/InterVariable-latin.woff2) format("woff2")}'
    const local = "@font-face { font-family: Rye; src: url('/assets/rye.woff2') format('woff2') }"
    const css = `${remote}:root{--sans:Inter,sans-serif}${local}@font-face{src:url("//cdn.example/x.woff2")}`
    expect(css.replace(REMOTE_FONT_FACE, '')).toBe(`:root{--sans:Inter,sans-serif}${local}`)
    const code = styleModuleCode('/app/node_modules/ui5/dist/styles.css')
    expect(code).toContain(`text.replace(${REMOTE_FONT_FACE.toString()}, '')`)
  })
})
