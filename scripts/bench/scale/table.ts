import { median } from '../ssr/processes'
import { percentile } from './paced-gets'

/** One row of issue 37's table: how to read a figure from an instance's samples, and the target of its ratio. */
export type Row = {
  label: string
  /** The figure of one instance, as printed. */
  show: (figures: Figures) => string
  /** The number the ratio is taken of; none: the row has no ratio. */
  value?: (figures: Figures) => number
  /** A second ratio beside the first, the page's size. */
  size?: (figures: Figures) => number
  target: string
}

/** Every sample of every measurement of one instance, by name. */
export type Figures = Map<string, number[]>

export const figure = (figures: Figures, name: string) => median(figures.get(name) ?? [Number.NaN])

/**
 * The p99 of every `GET /` answer timed during the CSV exports of all rounds, and of every quiet one: a round's
 * p99 is its few slowest answers, which one moment of the shared machine's can make; the run's is many more.
 */
export const exportP99s = (figures: Figures) => ({
  during: percentile(figures.get('csvDuring') ?? [Number.NaN], 0.99),
  quiet: percentile(figures.get('csvQuiet') ?? [Number.NaN], 0.99),
})

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`
const ms = (value: number) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })} ms`
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`
const times = (ratio: number) => `${ratio.toFixed(ratio < 10 ? 2 : 1)}x`

const msRow = (label: string, name: string, target: string): Row => ({
  label,
  show: (f) => ms(figure(f, name)),
  value: (f) => figure(f, name),
  target,
})

/** A page's cold render and its size, both as ratios. */
const pageRow = (label: string, name: string): Row => ({
  label,
  show: (f) => `${ms(figure(f, `${name}Cold`))}, ${kb(figure(f, `${name}Bytes`))}`,
  value: (f) => figure(f, `${name}Cold`),
  size: (f) => figure(f, `${name}Bytes`),
  target: '<= 3x (size <= 2x)',
})

export const ROWS: Row[] = [
  {
    label: '`GET /` HTML (raw / gzip)',
    show: (f) => `${kb(figure(f, 'homeRaw'))} / ${kb(figure(f, 'homeGzip'))}`,
    value: (f) => figure(f, 'homeRaw'),
    target: '<= 2x',
  },
  msRow('`GET /` cold render', 'homeCold', '<= 3x'),
  {
    label: 'cached `GET /` requests/s',
    show: (f) => figure(f, 'rps').toLocaleString('en-US', { maximumFractionDigits: 0 }),
    value: (f) => figure(f, 'rps'),
    target: '>= 0.9x',
  },
  pageRow('`/shows` cold render, size', 'upcoming'),
  pageRow('`/shows/past` cold render, size', 'past'),
  {
    // Upcoming shows and a year back: its size is that of the tour, so each side is compared per show in it.
    label: '`/shows.ics` cold, size (shows in it); ratios per show',
    show: (f) =>
      `${ms(figure(f, 'icsCold'))}, ${kb(figure(f, 'icsBytes'))} (${figure(f, 'icsEvents').toLocaleString('en-US')})`,
    value: (f) => figure(f, 'icsCold') / figure(f, 'icsEvents'),
    size: (f) => figure(f, 'icsBytes') / figure(f, 'icsEvents'),
    target: '<= 3x (size <= 2x)',
  },
  msRow('longest wait of a cached page right after one publish', 'publishWait', '<= 2x'),
  msRow('publish to visible on `/`', 'visible', '<= 3x'),
  {
    label: 'subscriber CSV export (rows)',
    show: (f) => `${ms(figure(f, 'csvMs'))} (${figure(f, 'csvRows').toLocaleString('en-US')})`,
    value: (f) => figure(f, 'csvMs'),
    target: 'LARGE < 1 s',
  },
  {
    label:
      'cached `GET /` during that export (exports and quiet spells alternating): longest wait, p99 (quiet p99); p99 / quiet p99',
    // The target compares each instance with itself, so the cell holds the ratio (of the whole run's p99s).
    show: (f) => {
      const { during, quiet } = exportP99s(f)
      return `${ms(Math.max(...(f.get('csvDuringMax') ?? [])))}, ${ms(during)} (${ms(quiet)}); ${times(during / quiet)}`
    },
    target: 'p99 within 2x of quiet',
  },
  msRow('first content-API query after a commit', 'queryAfterCommit', '<= 3x'),
  msRow('a delete through the content API', 'deleteMs', '<= 1.2x'),
  msRow('a Studio publish of a draft (deletes the draft)', 'publishDraftMs', '<= 1.2x'),
  {
    label: 'process memory after the same work (VmRSS)',
    show: (f) => mb(figure(f, 'rss')),
    value: (f) => figure(f, 'rss'),
    target: '<= 1.5x',
  },
  {
    label: 'main thread JavaScript heap used, at the same moment',
    show: (f) => mb(figure(f, 'heapUsed')),
    value: (f) => figure(f, 'heapUsed'),
    target: '',
  },
  {
    label: 'second crawl of the sitemap: page-cache hits; `GET /` still a hit',
    show: (f) =>
      f.has('crawlPages')
        ? `${figure(f, 'crawlHits').toLocaleString('en-US')} of ${figure(f, 'crawlPages').toLocaleString('en-US')}; ` +
          (figure(f, 'homeStillCached') ? 'yes' : 'no')
        : 'not run',
    target: 'all; yes',
  },
]

/** The table as Markdown: each instance's figure, then each larger one's ratio to the first, with the target. */
export function table(labels: string[], figures: Figures[]): string {
  const base = figures[0]!
  const ratios = labels.slice(1).map((label) => `${label} / ${labels[0]}`)
  const lines = [
    `| | ${[...labels, ...ratios, 'target'].join(' | ')} |`,
    `| --- |${' --- |'.repeat(labels.length + ratios.length + 1)}`,
  ]
  for (const row of ROWS) {
    const cells = figures.map((f) => row.show(f))
    const ratioCells = figures.slice(1).map((f) => {
      const ratio = row.value ? times(row.value(f) / row.value(base)) : ''
      return row.size ? `${ratio} (${times(row.size(f) / row.size(base))})` : ratio
    })
    lines.push(`| ${row.label} | ${[...cells, ...ratioCells, row.target].join(' | ')} |`)
  }
  return lines.join('\n')
}
