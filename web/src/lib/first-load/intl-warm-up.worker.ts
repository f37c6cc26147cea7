/**
 * Runs in a dedicated worker: creates and uses the formatters the pages use, so ICU's locale, calendar, time
 * zone and number data are loaded by this thread instead of the page's. Chromium keeps that data per process,
 * so the page's first formatter afterwards is cheap instead of a long task (warm-intl.ts, ADR 130). The page
 * sends its language's Intl tag (`es-MX` on a Spanish page, ADR 193): its dates and prices are written in it,
 * and its clock and calendar keys in `en-US` on every page.
 */
import { INTL_TAGS, isLocale, USUAL_CURRENCY, type Locale } from '../i18n/locale-contract'

function warm(locale: Locale) {
  const tag = INTL_TAGS[locale]
  new Intl.DateTimeFormat().format()
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format()
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'America/Los_Angeles' }).format()
  new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'America/Los_Angeles' }).format()
  new Intl.NumberFormat(tag, { style: 'currency', currency: USUAL_CURRENCY[locale] }).format(1)
  if (locale !== 'en') new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(1)
}

onmessage = ({ data }: MessageEvent<unknown>) => {
  warm(isLocale(data) ? data : 'en')
  postMessage('warm')
  // Its work is done: the thread ends here, once its message is on its way (warm-intl.ts never ends it itself).
  close()
}
