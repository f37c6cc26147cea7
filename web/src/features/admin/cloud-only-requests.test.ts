import { describe, expect, it } from 'vitest'
import { cloudOnlyAnswer } from './cloud-only-requests'

describe('cloudOnlyAnswer', () => {
  it("answers the Studio's update check with the version it runs: up to date", async () => {
    const tagged = cloudOnlyAnswer(
      new URL('https://sanity-cdn.com/v1/modules/sanity/latest/%5E5.27.0/t1795459214'),
    )
    expect(tagged?.status).toBe(200)
    expect(await tagged?.json()).toEqual({ latest: '5.27.0', packageVersion: '5.27.0' })
    const byApp = cloudOnlyAnswer(
      new URL('https://sanity-cdn.com/v1/modules/by-app/app123/t1795459214/%5E5.27.0/sanity'),
    )
    expect(await byApp?.json()).toMatchObject({ packageVersion: '5.27.0' })
  })

  it('refuses the feedback probe, so the Studio offers no feedback form that would post to Sanity', () => {
    const probe = cloudOnlyAnswer(new URL('https://api.sanity.io/vX/intake/feedback'))
    expect(probe?.ok).toBe(false)
    expect(cloudOnlyAnswer(new URL('https://api.sanity.io/v2021-06-07/projects'))).toBeNull()
  })

  it('leaves every other request to the network', () => {
    expect(cloudOnlyAnswer(new URL('https://localhost:3443/content/v1/ping'))).toBeNull()
    expect(cloudOnlyAnswer(new URL('https://sanity-cdn.com/other'))).toBeNull()
    expect(cloudOnlyAnswer(new URL('https://cdn.sanity.io/v1/modules/sanity/latest/%5E5.27.0/t1'))).toBeNull()
    expect(cloudOnlyAnswer(new URL('https://sanity-cdn.com/v1/modules/sanity/latest/'))).toBeNull()
  })
})
