import { describe, expect, it, vi } from 'vitest'
import { messages as en } from './en'
import { messages as es } from './es'

const PART_FILES = import.meta.glob<{ messages: object }>('./{en,es}/*.ts', { eager: true })

/** A language's parts by file name, each with the namespaces it holds. */
function partsOf(locale: 'en' | 'es'): Map<string, string[]> {
  return new Map(
    Object.entries(PART_FILES)
      .filter(([file]) => file.startsWith(`./${locale}/`))
      .map(([file, module]) => [file.slice(5, -3), Object.keys(module.messages)]),
  )
}

describe('the catalogue in parts (a page loads only the strings it shows)', () => {
  it.each([
    ['en', en],
    ['es', es],
  ] as const)('holds each namespace of the %s catalogue in exactly one part', (locale, whole) => {
    const namespaces = [...partsOf(locale).values()].flat()
    expect(namespaces.sort()).toEqual(Object.keys(whole).sort())
  })

  it('splits Spanish as English: the same parts with the same namespaces', () => {
    expect(Object.fromEntries(partsOf('es'))).toEqual(Object.fromEntries(partsOf('en')))
  })

  it("loads the frame's strings and the parts asked for, in the language asked for, and nothing else", async () => {
    vi.resetModules()
    const { loadMessages } = await import('../messages')
    const spanish = await loadMessages('es', ['shows', 'calendar'])
    expect(Object.keys(spanish).sort()).toEqual(
      [...partsOf('es').get('shell')!, ...partsOf('es').get('shows')!, 'calendar'].sort(),
    )
    expect(spanish.shows.status.soldOut).toBe(es.shows.status.soldOut)
    expect(spanish).not.toHaveProperty('news')
    // A later route's part joins the same catalogue (a client-side navigation), English stays apart.
    await loadMessages('es', ['news'])
    expect(spanish.news.title).toBe(es.news.title)
    expect(await loadMessages('en')).not.toHaveProperty('shows')
  })
})
