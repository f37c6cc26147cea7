import { describe, expect, it } from 'vitest'
import { declaredLimit } from './longest-first-sequencer'

describe('declaredLimit', () => {
  it('reads the longest limit a file gives its tests, in either way of writing it', () => {
    // Written apart, so that this file declares no long limit itself.
    const limit = (value: string) => `timeout: ${value}`
    const source = [
      `describe('crash', { ${limit('120_000')} }, () => {`,
      "  it('a', async () => {}, 60_000)",
      `  await until(() => done, { ${limit('5000')} })`,
      '})',
    ].join('\n')
    expect(declaredLimit(source)).toBe(120_000)
    expect(declaredLimit("it('quick', () => {})")).toBe(0)
  })
})
