import { APP_STATE_GLOBAL } from './app/app-state'
import { afterFirstPaint } from './lib/first-load/after-first-paint'
import { warmIntlOffMainThread } from './lib/first-load/warm-intl'

/**
 * The browser entry is this small module; the app (react-dom, the router, the query cache, the components) is a
 * second chunk fetched once the server HTML, hero poster included, has painted. Fetched at once, that chunk took
 * bandwidth from the poster, and its evaluation and hydration ran before the first paint, which waited for them.
 * Hydration starts in a task of its own after the chunk's evaluation, so neither makes the other's task longer
 * (ADR 130). ICU's data loads on a worker thread meanwhile (the first date formatter's long task, warm-intl.ts).
 */
const hydrateSoon = () => {
  void warmIntlOffMainThread(window[APP_STATE_GLOBAL].locale)
  void import('./hydrate-app').then(({ hydrateApp }) => setTimeout(() => void hydrateApp(), 0))
}
// A draft page in the Studio's preview frame (ADR 160) has no first paint to protect, and the Presentation tool
// waits for its overlay to connect: the overlay starts as soon as its module runs (the draft page's HTML names
// it as a module script; this import is the same module), beside hydration, not after it.
if (window[APP_STATE_GLOBAL].draftMode) {
  void import('./preview/start-overlay')
  hydrateSoon()
} else afterFirstPaint(hydrateSoon)
