import { describe, expect, it } from 'vitest'
import { photoCreditLine } from './photo-credit'

describe('photoCreditLine', () => {
  it('prefixes a bare name with the kind of picture', () => {
    expect(photoCreditLine('Ana Ruiz')).toBe('Photo: Ana Ruiz')
    expect(photoCreditLine(' Diego Salcedo ', 'Video')).toBe('Video: Diego Salcedo')
  })
  it('keeps the prefix an editor typed, once', () => {
    expect(photoCreditLine('Photo: Ana Ruiz')).toBe('Photo: Ana Ruiz')
    expect(photoCreditLine('photo by Ana Ruiz')).toBe('photo by Ana Ruiz')
    expect(photoCreditLine('Video: Diego Salcedo', 'Photo')).toBe('Video: Diego Salcedo')
  })
  it('shows nothing without a name', () => {
    expect(photoCreditLine(undefined)).toBeNull()
    expect(photoCreditLine('   ')).toBeNull()
  })
})
