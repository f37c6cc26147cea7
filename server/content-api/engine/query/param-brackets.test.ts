import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasParameterBracket } from './param-brackets'
import { parseQuery } from './groq'
import { startTestContentServer, type TestContentServer } from '../../testing/test-server'

// The GROQ spec: `base[expr]` is an element access for a constant number, an attribute access for a constant
// string, a filter otherwise; parameters are constants once bound. Driven with the official client.
let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
  await t.client('admin').createOrReplace({
    _id: 'band',
    _type: 'band',
    title: { en: 'The Rovers', ga: 'Na Fánaithe' },
    logo: { small: 'rovers-s.png', large: 'rovers-l.png' },
    members: ['Aoife', 'Brendan', 'Cian'],
  })
  await t.client('admin').createOrReplace({ _id: 'tour', _type: 'tour', stops: 3 })
})
afterAll(() => t.close())

describe('[$param] once parameters are bound', () => {
  it('is an attribute access for a string: Sanity’s localization pattern', async () => {
    const client = t.client()
    const query = '*[_id == "band"][0]{"title": coalesce(title[$lang], title.en)}'
    await expect(client.fetch(query, { lang: 'ga' })).resolves.toEqual({ title: 'Na Fánaithe' })
    await expect(client.fetch(query, { lang: 'de' })).resolves.toEqual({ title: 'The Rovers' })
    await expect(client.fetch('*[_id == "band"][0].logo[$k]', { k: 'large' })).resolves.toBe('rovers-l.png')
  })

  it('is an element access for a number, also on a subquery and with arithmetic', async () => {
    const client = t.client()
    await expect(client.fetch('(*[_type == "band"].members[])[$i]', { i: 1 })).resolves.toBe('Brendan')
    await expect(client.fetch('*[_id == "band"][0].members[$i + 1]', { i: 1 })).resolves.toBe('Cian')
    await expect(client.fetch('*[_id == "band"][0].members[-$i]', { i: 1 })).resolves.toBe('Cian')
  })

  it('stays a filter for a boolean, and the same query answers each parameter value on its own', async () => {
    const client = t.client()
    await expect(client.fetch('*[$all]._id | order(@)', { all: true })).resolves.toEqual(['band', 'tour'])
    await expect(client.fetch('*[$all]._id', { all: false })).resolves.toEqual([])
    const query = '*[_id == "band"][0].members[$i]'
    await expect(client.fetch(query, { i: 0 })).resolves.toBe('Aoife')
    await expect(client.fetch(query, { i: 2 })).resolves.toBe('Cian')
    await expect(client.fetch(query, { i: 'x' })).resolves.toBeNull()
  })

  it('applies to listener filters too (they run in the query workers)', async () => {
    const client = t.client('admin')
    const events: string[] = []
    let welcomed!: () => void
    const welcome = new Promise<void>((resolve) => (welcomed = resolve))
    const sub = client
      .listen(
        '*[_type == "band" && logo[$k] == $file]',
        { k: 'small', file: 'new-s.png' },
        {
          events: ['welcome', 'mutation'],
        },
      )
      .subscribe((event) => (event.type === 'welcome' ? welcomed() : events.push(event.documentId)))
    await welcome
    await client.patch('band').set({ 'logo.large': 'new-s.png' }).commit()
    await client.patch('band').set({ 'logo.small': 'new-s.png' }).commit()
    const deadline = Date.now() + 10_000
    while (events.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    sub.unsubscribe()
    expect(events).toEqual(['band'])
  })
})

describe('hasParameterBracket', () => {
  it('finds brackets that are constant only once parameters are bound', () => {
    expect(hasParameterBracket(parseQuery('*[0].title[$lang]').tree)).toBe(true)
    expect(hasParameterBracket(parseQuery('*[_type == $type]').tree)).toBe(false)
    expect(hasParameterBracket(parseQuery('*[$a][$b * 2]').tree)).toBe(true)
    expect(hasParameterBracket(parseQuery('*[defined(title)]').tree)).toBe(false)
  })
})
