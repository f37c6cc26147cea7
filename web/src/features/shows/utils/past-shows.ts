import type { ShowArchiveQueryResult } from '../../../content/sanity.types'
import { PAST_SHOWS_PAGE_SIZE } from './show-paths'
import { isPastShow, toShow, type Show } from './show-rules'

/** One page of the past shows, newest first, and how many there are in all. */
export function pastShowsPage(
  records: ShowArchiveQueryResult,
  now: Date,
  page: number,
): { shows: Show[]; total: number } {
  const past = records
    .map(toShow)
    .filter((show): show is Show => show !== null && isPastShow(show, now))
    .sort((a, b) => b.start.at.getTime() - a.start.at.getTime())
  const start = (page - 1) * PAST_SHOWS_PAGE_SIZE
  return { shows: past.slice(start, start + PAST_SHOWS_PAGE_SIZE), total: past.length }
}
