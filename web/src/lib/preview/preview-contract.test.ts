import { describe, expect, it } from 'vitest'
import { MAX_STACKED_RELEASES, perspectiveKey, previewPerspectiveOf } from './preview-contract'

describe('previewPerspectiveOf', () => {
  it('reads published and drafts as named, anything unknown as drafts', () => {
    expect(previewPerspectiveOf('published')).toBe('published')
    expect(previewPerspectiveOf('drafts')).toBe('drafts')
    for (const value of [undefined, null, 3, {}, '', 'raw', 'previewDrafts', ['drafts'], ['published']]) {
      expect(previewPerspectiveOf(value), JSON.stringify(value)).toBe('drafts')
    }
  })

  it('reads a release stack, as the tool sends it (array) and as its preview URL does (comma list)', () => {
    expect(previewPerspectiveOf(['rTour', 'drafts'])).toEqual(['rTour', 'drafts'])
    expect(previewPerspectiveOf('rTour,rEarlier,drafts')).toEqual(['rTour', 'rEarlier', 'drafts'])
    // Drafts always under the releases, once, whatever the order sent.
    expect(previewPerspectiveOf(['drafts', 'rTour', 'rTour'])).toEqual(['rTour', 'drafts'])
  })

  it('drops names the content API would read otherwise (dots, spaces, published) and bounds the stack', () => {
    expect(previewPerspectiveOf(['versions.rTour.x', 'r Tour', 'published', 'rOk'])).toEqual([
      'rOk',
      'drafts',
    ])
    expect(previewPerspectiveOf(['a'.repeat(129)])).toBe('drafts')
    const many = Array.from({ length: MAX_STACKED_RELEASES + 1 }, (_, index) => `r${index}`)
    expect(previewPerspectiveOf(many)).toBe('drafts')
  })

  it('names each perspective as the content API reads it', () => {
    expect(perspectiveKey('drafts')).toBe('drafts')
    expect(perspectiveKey(['rTour', 'drafts'])).toBe('rTour,drafts')
  })
})
