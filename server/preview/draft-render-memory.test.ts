import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDraftApp, type DraftApp } from './testing/draft-app'

/**
 * A draft session's renders give their memory back (issue 36): every draft render is a new render (no page
 * cache), so whatever one render keeps after its page is sent, a Presentation tool open all day keeps
 * thousands of times. The garbage collector is reached the documented way for a process started without
 * `--expose-gc`: the flag set at run time, `gc` read from a new context.
 */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const RENDERS = 500
const AT_ONCE = 4
/**
 * What one render may keep, on average, once collected: far under what a kept render of the home page holds
 * (its query cache, every stega-encoded result), and over enough renders that the heap's noise after a full
 * collection is a small part of the sum. The heap is compared per render, so the test needs no more renders
 * than that to fail on a leak of one render's results.
 */
const ALLOWED_BYTES_PER_RENDER = 8 * 1024
const PAGES = [
  '/',
  '/shows/past',
  '/news',
  '/news/anniversary-tour',
  '/shows/2025-11-08-irvine-bowl-laguna-beach',
]

let app: DraftApp
beforeAll(async () => {
  app = await startDraftApp()
})
afterAll(() => app?.close())

function heapAfterCollection(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

async function renderDraftPages(cookie: string, count: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const page = PAGES[next++ % PAGES.length]!
      const answer = await fetch(`${app.url}${page}`, { headers: { cookie } })
      const html = await answer.text()
      if (answer.status !== 200 || !html.includes('"draftMode":true')) {
        throw new Error(`${page} answered ${answer.status} without a draft page`)
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
}

it(`gives back the memory of ${RENDERS} draft renders`, { timeout: 300_000 }, async () => {
  const cookie = await app.draftCookie()
  // Modules, compiled code and the content store's caches are what the first renders keep for good.
  await renderDraftPages(cookie, 100)
  const before = heapAfterCollection()
  await renderDraftPages(cookie, RENDERS)
  const perRender = (heapAfterCollection() - before) / RENDERS
  expect(perRender, `each render kept ${(perRender / 1024).toFixed(1)} KB`).toBeLessThan(
    ALLOWED_BYTES_PER_RENDER,
  )
})
