import { expect, type FrameLocator, type Page, type Request } from '@playwright/test'

/**
 * Where the time goes between a Studio edit and the preview showing it (issue 28: within 2 s), and how soon the
 * preview's visual editing overlay is there after the frame's load event (Presentation reports an error when it
 * has not connected 8 s after it). Read in the preview frame itself, with the wall clock the test shares with the
 * browser, so that no polling interval of the test's own is counted.
 */
type FrameTimings = {
  /** Wall-clock times of the live stream's `message` events. */
  liveMessages: number[]
  /** Whether the live stream said `welcome` (it follows edits from then on). */
  liveOpen?: boolean
  /** performance.now() of the tool's first handshake message (`syn`) and of the one that completes it (`ack`). */
  handshake: { syn?: number; ack?: number }
  /** When the text watched by `watchText` appeared (wall clock). */
  textShownAt?: number
}

declare global {
  interface Window {
    __previewTimings?: FrameTimings
  }
}

/** Installs the recorders in every frame the page loads (the preview frame among them). */
export async function recordPreviewTimings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.location.pathname.startsWith('/admin')) return
    const timings: FrameTimings = { liveMessages: [], handshake: {} }
    window.__previewTimings = timings
    // Sanity's comlink: the tool says `syn` until the overlay answers, and `ack` once connected.
    window.addEventListener('message', (event: MessageEvent<{ type?: string } | undefined>) => {
      const step = event.data?.type?.match(/handshake\/(syn|ack)$/)?.[1] as 'syn' | 'ack' | undefined
      if (step && timings.handshake[step] === undefined) timings.handshake[step] = performance.now()
    })
    const Original = window.EventSource
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('message', () => timings.liveMessages.push(Date.now()))
        this.addEventListener('welcome', () => (timings.liveOpen = true))
      }
    }
  })
}

/**
 * When the preview's overlay started and first heard from the Presentation tool (the marks of
 * web/src/preview/start-overlay.ts), in milliseconds after the frame's load event (negative: before it).
 */
export async function overlayAfterLoad(
  preview: FrameLocator,
): Promise<{ started: number; connected: number }> {
  const html = preview.locator('html')
  await expect
    .poll(() => html.evaluate(() => performance.getEntriesByName('overlay connected').length), {
      timeout: 60_000,
    })
    .toBe(1)
  return html.evaluate(async () => {
    const loadStart = () =>
      (performance.getEntriesByType('navigation') as PerformanceNavigationTiming[])[0]?.loadEventStart ?? 0
    if (!loadStart()) await new Promise((resolve) => window.addEventListener('load', resolve))
    const at = (name: string) =>
      Math.round((performance.getEntriesByName(name)[0]?.startTime ?? NaN) - loadStart())
    const since = (time: number | undefined) => Math.round((time ?? NaN) - loadStart())
    const { syn, ack } = window.__previewTimings?.handshake ?? {}
    return {
      started: at('overlay started'),
      toolSyn: since(syn),
      handshakeAck: since(ack),
      connected: at('overlay connected'),
    }
  })
}

/** Waits until the preview's live stream follows edits. */
export async function liveStreamOpen(preview: FrameLocator): Promise<void> {
  await expect
    .poll(() => preview.locator('html').evaluate(() => window.__previewTimings?.liveOpen ?? false), {
      timeout: 60_000,
    })
    .toBe(true)
}

/** Records (wall clock) when an element matching `selector` first has `text` in the preview frame. */
export async function watchText(preview: FrameLocator, selector: string, text: string): Promise<void> {
  await preview.locator('html').evaluate(
    (_, [selector, text]) => {
      const timings = window.__previewTimings
      if (!timings) return
      const check = () =>
        [...document.querySelectorAll(selector)].some((element) => element.textContent?.includes(text))
      new MutationObserver((_records, observer) => {
        if (!check()) return
        timings.textShownAt = Date.now()
        observer.disconnect()
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    },
    [selector, text] as const,
  )
}

/** The Studio's commits (the actions endpoint), in order. */
export function recordCommits(page: Page): Request[] {
  const commits: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/data/actions/')) commits.push(request)
  })
  return commits
}

/** The preview frame's draft queries: when each was sent and answered (wall clock). */
export function recordDraftQueries(page: Page): { sentAt: number; answeredAt?: number; url: string }[] {
  const queries: { sentAt: number; answeredAt?: number; url: string }[] = []
  const byRequest = new Map<Request, (typeof queries)[number]>()
  page.on('request', (request) => {
    if (!request.url().includes('/api/preview/content/') || !request.url().includes('/data/query/')) return
    const entry = { sentAt: Date.now(), url: request.url() }
    byRequest.set(request, entry)
    queries.push(entry)
  })
  page.on('requestfinished', (request) => {
    const entry = byRequest.get(request)
    if (entry) entry.answeredAt = Date.now()
  })
  return queries
}

/**
 * The legs from the Studio's commit request to the draft on screen: commit answered, live message in the
 * frame, draft query sent and answered, text shown. Each as milliseconds after the commit request.
 */
export async function draftLegs(
  preview: FrameLocator,
  commits: Request[],
  queries: { sentAt: number; answeredAt?: number }[],
): Promise<Record<string, number | undefined>> {
  const frame = await preview
    .locator('html')
    .evaluate(() => ({ ...(window.__previewTimings ?? { liveMessages: [], handshake: {} }) }))
  // The Studio's last commit before the text showed is the one that carried it (its first edit of a published
  // document commits the draft's creation on its own first).
  const shownAt = frame.textShownAt ?? Date.now()
  const timings = await Promise.all(
    commits.map(async (request) => {
      await request.response()
      return request.timing()
    }),
  )
  const last = timings.filter((timing) => timing.startTime <= shownAt).at(-1)
  if (!last) return { commits: commits.length }
  const commit = { sentAt: last.startTime, answeredAt: last.startTime + last.responseEnd }
  const after = (time: number | undefined) =>
    time === undefined ? undefined : Math.round(time - commit.sentAt)
  const message = frame.liveMessages.find((time) => time >= commit.sentAt)
  const query = queries.find((entry) => message !== undefined && entry.sentAt >= message)
  return {
    commits: commits.length,
    firstCommit: timings[0] && Math.round(timings[0].startTime - commit.sentAt),
    commitAnswered: after(commit.answeredAt),
    liveMessage: after(message),
    querySent: after(query?.sentAt),
    queryAnswered: after(query?.answeredAt),
    shown: after(frame.textShownAt),
  }
}
