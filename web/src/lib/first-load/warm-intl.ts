import type { Locale } from '../i18n/locale-contract'

/** Past this, hydration goes on without the worker: the page then loads ICU itself, as it did before. */
const WARM_UP_LIMIT_MS = 1000

let warming: Promise<void> | null = null

/**
 * Loads ICU's data (the first `Intl` formatter of a page is a long task under Lighthouse's CPU slowdown, on
 * every page, since every page formats dates) on a worker thread instead of the page's: Chromium keeps that
 * data per process, so the page's own formatters afterwards are cheap. Started by the entry
 * with the app's download; `hydrate-app.tsx` awaits it before it renders. Settles once the worker has formatted,
 * failed, or after WARM_UP_LIMIT_MS, whichever comes first; called again, returns the same promise. The worker
 * warms the formatters of the page's language (`locale`, from the page's state).
 */
export function warmIntlOffMainThread(locale: Locale = 'en'): Promise<void> {
  warming ??= new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(limit)
      resolve()
    }
    const limit = setTimeout(done, WARM_UP_LIMIT_MS)
    try {
      // Never terminated from here: the worker closes itself once it has formatted. Ended while its script was
      // still on the way (a slow start past the limit), it left a request that never finished for DevTools,
      // and tools that wait for the network to go quiet (Playwright's `networkidle`) waited for ever.
      const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url))
      worker.onmessage = done
      worker.onerror = done
      worker.postMessage(locale)
    } catch {
      done()
    }
  })
  return warming
}
