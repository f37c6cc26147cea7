import { describe, expect, it } from 'vitest'
import { runQuery } from './groq'

// The Studio's document lists slice with a parameter: `... | order(...) [0...$__limit]`.
describe('slices with parameters', () => {
  const dataset = [1, 2, 3, 4, 5].map((n) => ({ _id: `e${n}`, _type: 'event', n }))

  it('evaluates [0...$limit] with the given parameter', async () => {
    const query = '*[_type == $type] | order(n desc) [0...$__limit] {n}'
    await expect(runQuery(query, { dataset, params: { type: 'event', __limit: 2 } })).resolves.toEqual([
      { n: 5 },
      { n: 4 },
    ])
    await expect(runQuery(query, { dataset, params: { type: 'event', __limit: 3 } })).resolves.toHaveLength(3)
  })

  it('still reports a missing slice parameter as a parse error', async () => {
    await expect(
      runQuery('*[_type == "event"][0...$__limit]', { dataset, params: {} }),
    ).rejects.toMatchObject({ type: 'queryParseError' })
  })
})
