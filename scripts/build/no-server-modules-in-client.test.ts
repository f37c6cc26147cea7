import { describe, expect, it } from 'vitest'
import { isServerModule, serverModulesIn } from './no-server-modules-in-client'

describe('no server modules in the browser build', () => {
  it('names the route modules’ server halves and nothing else', () => {
    expect(isServerModule('/app/web/src/app/routes/news.server.ts')).toBe(true)
    expect(isServerModule('/app/web/src/app/site-layout.server.ts?v=1')).toBe(true)
    expect(isServerModule('/app/web/src/app/routes/news.tsx')).toBe(false)
    expect(isServerModule('/app/web/src/features/news/api/get-news-server-side.ts')).toBe(false)
  })

  it('lists each server module with the chunk that holds it', () => {
    const chunks = [
      { fileName: 'assets/route-news.js', moduleIds: ['/w/routes/news.tsx', '/w/routes/news.server.ts'] },
      { fileName: 'assets/app.js', moduleIds: ['/w/app.tsx'] },
    ]
    expect(serverModulesIn(chunks)).toEqual(['assets/route-news.js: /w/routes/news.server.ts'])
  })
})
