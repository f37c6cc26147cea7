import { describe, expect, it } from 'vitest'
import { isPackageModule, styleModuleCode } from './package-styles-in-their-chunk'

describe('package styles in their chunk', () => {
  it("takes only stylesheets that an installed package imports, never the site's own", () => {
    expect(isPackageModule('/app/node_modules/sanity/lib/index.js')).toBe(true)
    expect(isPackageModule('C:\\app\\node_modules\\@sanity\\ui\\dist\\index.js')).toBe(true)
    expect(isPackageModule('/app/web/src/app/route-styles.ts')).toBe(false)
    expect(isPackageModule(undefined)).toBe(false)
  })

  it('stands in for the stylesheet with a module that adds its text to the document', () => {
    const code = styleModuleCode('/app/node_modules/@sanity/ui/dist/styles.css')
    expect(code).toContain('import text from "/app/node_modules/@sanity/ui/dist/styles.css?inline"')
    expect(code).toContain('document.head.append(style)')
  })
})
