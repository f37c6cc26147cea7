import { pageCachePolicy, renderPage } from '../../../web/src/entry-server'
import type { Renderer } from '../../ssr/renderer'

const assets = { entry: '/assets/entry-client-test.js', css: ['/assets/entry-client-test.css'], preload: [] }

/** The production renderer's contract over the web sources (no build needed), counting its renders. */
export function sourceRenderer(): Renderer & { renders: string[]; failNext: number } {
  const renderer = {
    renders: [] as string[],
    /** Makes the next renders throw, as a render whose content read fails. */
    failNext: 0,
    cachePolicy: pageCachePolicy,
    close: async () => {},
    render: async (request: Request, options: Parameters<Renderer['render']>[1]) => {
      renderer.renders.push(new URL(request.url).pathname + new URL(request.url).search)
      if (renderer.failNext > 0) {
        renderer.failNext--
        throw new Error('content read failed')
      }
      return renderPage(request, { ...options, assets })
    },
  }
  return renderer
}
