import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

let server: EdgeTestServer
beforeAll(async () => {
  server = await startEdgeTestServer()
})
afterAll(() => server.close())

const nameTheBand = (bandName: string) =>
  server.store.commit('production', { author: 'test' }, (ws) =>
    ws.apply('siteSettings', {
      createOrReplace: { _id: 'siteSettings', _type: 'siteSettings', bandName } as never,
    }),
  )

/** The Studio's sign-in page and project name the band as the site settings do, at once after a rename (ADR 074). */
describe('the Studio names the band from the site settings', () => {
  it('titles the sign-in page and names the project after the current settings', async () => {
    await nameTheBand('Los Renombrados')
    const page = await (await fetch(`${server.url}/content/auth/login`)).text()
    expect(page).toContain('<title>Sign in · Los Renombrados Studio</title>')
    const project = (await (await fetch(`${server.url}/content/v2021-06-07/projects/local`)).json()) as {
      displayName: string
    }
    expect(project.displayName).toBe('Los Renombrados')

    await nameTheBand('Las Forajidas & <Co>')
    const renamed = await (await fetch(`${server.url}/content/auth/login`)).text()
    expect(renamed).toContain('<title>Sign in · Las Forajidas &amp; &lt;Co&gt; Studio</title>')
  })
})
