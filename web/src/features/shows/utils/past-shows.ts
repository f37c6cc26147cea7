import type { Locale } from '../../../lib/i18n/locale-contract'
import type { ShowListPage } from './paged-after-recent'
import { toShow, type Show, type ShowRecord } from './show-rules'

/** One page of /shows/past as read: its shows' records, past and newest first, and how many past shows there are. */
export type ShowArchivePage = ShowListPage<ShowRecord>

/** A page of /shows/past or /shows as shown (in `locale`): its shows and how many there are in all. */
export function pastShowsPage(
  { records, total }: ShowListPage<ShowRecord>,
  locale: Locale = 'en',
): { shows: Show[]; total: number } {
  const shows = records.map((record) => toShow(record, locale)).filter((show): show is Show => show !== null)
  return { shows, total }
}
