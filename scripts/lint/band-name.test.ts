import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, sourceFiles } from './product-files'

/** The name the seed's site settings give the band: the one the product must never spell itself (ADR 074). */
function seedBandName(): string {
  const seed = readFileSync(path.join(ROOT, 'content/seed/production.ndjson'), 'utf8')
  const settings = seed
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _type: string; bandName?: string })
    .find((doc) => doc._type === 'siteSettings')
  if (!settings?.bandName) throw new Error('the seed has no siteSettings.bandName')
  return settings.bandName
}

/** The name as words, and run together or hyphenated as in a slug or a host name ("losforasteros"). */
function spellingsOf(name: string): RegExp {
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(words.join('[\\s_-]*'), 'i')
}

const spelled = (text: string, name: RegExp) =>
  text.split('\n').flatMap((line, index) => (name.test(line) ? [`${index + 1}: ${line.trim()}`] : []))

describe("product code never spells the band's name", () => {
  const name = spellingsOf(seedBandName())

  it('finds the name in any spelling (the check can fail)', () => {
    expect(spelled("title: 'Admin · Los Forasteros'", name)).toHaveLength(1)
    expect(spelled('e.g. https://www.instagram.com/losforasteros', name)).toHaveLength(1)
    expect(spelled("name: 'los-forasteros-singletons'", name)).toHaveLength(1)
    expect(spelled('The band', name)).toEqual([])
  })

  it('server/, web/src and studio/ name the band only through the site settings', () => {
    const offenders = sourceFiles(['server', 'web/src', 'studio']).flatMap(({ file, text }) =>
      spelled(text, name).map((line) => `${file}:${line}`),
    )
    expect(offenders).toEqual([])
  }, 30_000)
})
