/**
 * The main-thread tasks of one page load that Lighthouse's simulated TBT counts, with what ran inside them.
 * Lighthouse (simulated throttling) multiplies each task it observed by 4, so a task over a quarter of 50 ms of real
 * time becomes one over 50 ms and adds to TBT; on a shared machine the wall time of a task includes waiting for a
 * core, so this prints each task's thread (CPU) time beside its wall time, and the events inside it.
 *
 *   node --import tsx scripts/bench/trace-long-tasks.ts http://localhost:3450/news [runs] [min-ms]
 *
 * A phone-sized viewport, no throttling; the page is loaded `runs` times (3) in a fresh context each, and every
 * task whose thread time is over `min-ms` (10) is printed with its children over 1 ms. Reads the server the URL
 * names; start one with the production build (the bench's `startServer` does the same).
 */
import { chromium, type Browser } from 'playwright'

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

const [url, runsArg, minArg] = process.argv.slice(2)
if (!url) throw new Error('usage: trace-long-tasks.ts <url> [runs] [min-ms]')
const RUNS = Number(runsArg ?? 3)
const MIN_MS = Number(minArg ?? 10)
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
].join(',')

/** What an event is about: a script's file, a timer, a style or layout pass. */
function label(event: TraceEvent): string {
  const data = event.args?.data ?? {}
  const file = (value: unknown) => (typeof value === 'string' ? value.replace(/^.*\//, '') : '')
  const where = file(data.url) || file(data.fileName) || file((data as { scriptName?: string }).scriptName)
  const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''
  const elements = typeof data.elementCount === 'number' ? ` ${data.elementCount} elements` : ''
  return `${event.name}${where ? ` ${where}` : ''}${fn}${elements}`
}

type CpuProfile = {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
    parent?: number
    children?: number[]
  }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** The functions that ran most (self time, from the sampling profile) between two trace times, with a caller. */
function selfTimeIn(profile: CpuProfile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const name = (id: number | undefined) => {
    const frame = id === undefined ? undefined : byId.get(id)?.callFrame
    if (!frame) return '?'
    const file = frame.url.replace(/^.*\//, '')
    return `${frame.functionName || '(anon)'}${file ? `@${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`
  }
  const totals = new Map<string, number>()
  let time = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!
    if (time < from || time > to) continue
    const id = profile.samples[i]!
    const key = `${name(id)} < ${name(parentOf.get(id))}`
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 100))
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([key, us]) => `\n      ${(us / 1000).toFixed(1)} ms ${key}`)
    .join('')
}

async function traceOnce(browser: Browser, run: number) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  // Same origin first, so the profiler's renderer is the one that loads the page.
  await page.goto(new URL('/healthz', url).href)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await browser.startTracing(page, { categories: CATEGORIES.split(',') })
  await cdp.send('Profiler.start')
  await page.goto(url!, { waitUntil: 'load' })
  // Lighthouse waits for the network and the main thread to go quiet; the app loads after the first paint.
  await page.waitForTimeout(4000)
  // Stopping the profiler serializes its profile in a main-thread task of its own: tasks from here are not the page's.
  await page.evaluate(() => performance.mark('trace-long-tasks:end'))
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  const buffer = await browser.stopTracing()
  await context.close()
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }

  // The page's own renderer: the process that painted its first content. A cross-site frame (the overlay's
  // YouTube embed, or Chromium's error page in its place offline) runs in a process of its own, which
  // Lighthouse's main-thread tasks leave out too.
  const fcpEvent = traceEvents.find((e) => e.name === 'firstContentfulPaint')
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .filter((e) => !fcpEvent || e.pid === fcpEvent.pid)
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = traceEvents.filter((e) => mainThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X')
  const navigation = traceEvents.find(
    (e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser',
  )
  const origin = navigation?.ts ?? Math.min(...onMain.map((e) => e.ts))
  const traceEnd = traceEvents.find((e) => e.name === 'trace-long-tasks:end')?.ts ?? Infinity
  // Chromium records a task as both `ThreadControllerImpl::RunTask` and `RunTask`: one of each start time.
  const seen = new Set<number>()
  const tasks = onMain
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        (e.tdur ?? e.dur ?? 0) / 1000 >= MIN_MS,
    )
    .filter((e) => !seen.has(e.ts) && seen.add(e.ts))
    .filter((e) => e.ts < traceEnd)
  const within = (inner: TraceEvent, outer: TraceEvent) =>
    inner !== outer && inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0)
  const outermost = tasks.filter((task) => !tasks.some((other) => within(task, other)))
  // Lantern's TBT on an idle machine: each task after the first contentful paint, times 4, over 50 ms; from the
  // thread time, which the machine's load moves far less than the wall time.
  const fcp = fcpEvent?.ts ?? origin
  const estimate = outermost
    .filter((task) => task.ts >= fcp)
    .reduce((sum, task) => sum + Math.max(0, (4 * (task.tdur ?? 0)) / 1000 - 50), 0)
  console.log(`\nrun ${run}: TBT from thread time x 4 after FCP: ${estimate.toFixed(0)} ms`)
  console.log(`run ${run}: ${outermost.length} tasks with thread time >= ${MIN_MS} ms`)
  for (const task of outermost) {
    const end = task.ts + (task.dur ?? 0)
    console.log(
      `  at ${((task.ts - origin) / 1000).toFixed(0)} ms: thread ${((task.tdur ?? 0) / 1000).toFixed(1)} ms, wall ${((task.dur ?? 0) / 1000).toFixed(1)} ms`,
    )
    const inside = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 1000)
      .filter((e) => !/RunTask|ThreadController|ThreadPool|URLLoader|mojo/i.test(e.name))
    const depthOf = (event: TraceEvent) =>
      inside.filter(
        (o) => o !== event && o.ts <= event.ts && o.ts + (o.dur ?? 0) >= event.ts + (event.dur ?? 0),
      ).length
    console.log(`    functions (self time in this task): ${selfTimeIn(profile, task.ts, end)}`)
    for (const event of inside.filter((e) => depthOf(e) <= 3).slice(0, 30)) {
      const depth = depthOf(event)
      console.log(
        `    ${'  '.repeat(Math.min(depth, 6))}${label(event)}: ${((event.tdur ?? event.dur ?? 0) / 1000).toFixed(1)} ms`,
      )
    }
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  for (let run = 1; run <= RUNS; run++) await traceOnce(browser, run)
} finally {
  await browser.close()
}
