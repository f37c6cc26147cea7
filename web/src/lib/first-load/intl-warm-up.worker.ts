/**
 * Runs in a dedicated worker: creates and uses the formatters the pages use, so ICU's locale, calendar, time
 * zone and number data are loaded by this thread instead of the page's. Chromium keeps that data per process,
 * so the page's first formatter afterwards is cheap instead of a long task (warm-intl.ts, ADR 130).
 */
new Intl.DateTimeFormat().format()
new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Los_Angeles' }).format()
new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
}).format()
new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1)
// The Spanish pages' dates and prices (es-MX, ADR 193): the same data for the other locale.
new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeZone: 'America/Los_Angeles' }).format()
new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(1)
postMessage('warm')
// Its work is done: the thread ends here, once its message is on its way (warm-intl.ts never ends it itself).
close()
