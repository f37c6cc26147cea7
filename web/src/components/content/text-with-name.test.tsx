import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TextWithName } from './text-with-name'

const html = (text: string, name: string | null, lang: string | null) =>
  renderToStaticMarkup(<TextWithName text={text} name={name} lang={lang} />)

describe('TextWithName', () => {
  it('marks an English stand-in name inside a Spanish sentence', () => {
    expect(html('Próximos conciertos en Bay Area', 'Bay Area', 'en')).toBe(
      'Próximos conciertos en <span lang="en">Bay Area</span>',
    )
  })

  it('leaves a name in the page language, a missing name and a sentence without it as they are', () => {
    expect(html('Próximos conciertos en Arizona', 'Arizona', null)).toBe('Próximos conciertos en Arizona')
    expect(html('Próximos conciertos', null, 'en')).toBe('Próximos conciertos')
    expect(html('Calendario de la gira', 'Bay Area', 'en')).toBe('Calendario de la gira')
  })
})
