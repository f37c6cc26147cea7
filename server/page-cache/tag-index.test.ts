import { describe, expect, it } from 'vitest'
import { TagIndex } from './tag-index'

describe('TagIndex', () => {
  it('finds the pages that read a tag, and those whose reads are not known', () => {
    const index = new TagIndex()
    index.add('/', ['settings', 'shows'])
    index.add('/news', ['settings', 'posts'])
    index.add('/feed', undefined)
    index.add('/empty', [])
    expect([...index.touchedBy(['posts'])]).toEqual(['/news', '/feed'])
    expect([...index.touchedBy(['settings', 'shows'])]).toEqual(['/', '/news', '/feed'])
    expect([...index.touchedBy(['nothing-read'])]).toEqual(['/feed'])
  })

  it('forgets a page with the tags it was added with, leaving no empty tag behind', () => {
    const index = new TagIndex()
    index.add('/', ['settings', 'shows'])
    index.add('/feed', undefined)
    index.delete('/', ['settings', 'shows'])
    index.delete('/feed', undefined)
    expect([...index.touchedBy(['settings', 'shows'])]).toEqual([])
    expect((index as unknown as { keysByTag: Map<string, Set<string>> }).keysByTag.size).toBe(0)
  })
})
