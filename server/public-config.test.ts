import { describe, expect, it } from 'vitest'
import { publicConfigFrom } from './app'
import { parseEnv } from './env'

describe('publicConfigFrom', () => {
  it('tells the browser to use the embedded content API by default', () => {
    expect(publicConfigFrom(parseEnv({})).content).toMatchObject({
      backend: 'local',
      projectId: 'local',
      dataset: 'production',
    })
  })
  it("tells the browser to use Sanity's hosted API when a project is configured", () => {
    expect(
      publicConfigFrom(parseEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'prod' })).content,
    ).toMatchObject({
      backend: 'cloud',
      projectId: 'abc123',
      dataset: 'prod',
    })
  })
})
