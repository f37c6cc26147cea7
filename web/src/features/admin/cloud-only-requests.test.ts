import { describe, expect, it } from 'vitest'
import { cloudOnlyAnswer, withoutProjectHostname } from './cloud-only-requests'

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

describe('withoutProjectHostname', () => {
  const page = { origin: 'https://band.example' }

  it("sends the App SDK's requests to a project hostname of the embedded API to the page's origin", () => {
    const sdk = new URL(
      'https://local.band.example/content/v2021-06-07/users/me?tag=sanity.sdk.auth.users.get-current',
    )
    expect(withoutProjectHostname(sdk, 'local', page)?.href).toBe(
      'https://band.example/content/v2021-06-07/users/me?tag=sanity.sdk.auth.users.get-current',
    )
    const withPort = new URL('https://local.localhost:3443/content/v2024-11-12/intake/telemetry-status')
    expect(withoutProjectHostname(withPort, 'local', { origin: 'https://localhost:3443' })?.href).toBe(
      'https://localhost:3443/content/v2024-11-12/intake/telemetry-status',
    )
  })

  it('leaves every other request alone: other projects, hosts, ports, schemes and paths', () => {
    for (const href of [
      'https://band.example/content/v1/ping',
      'https://other.band.example/content/v1/ping',
      'https://local.api.sanity.io/v1/users/me',
      'https://local.band.example:8443/content/v1/ping',
      'http://local.band.example/content/v1/ping',
      'https://local.band.example/admin',
    ]) {
      expect(withoutProjectHostname(new URL(href), 'local', page)).toBeNull()
    }
  })
})
