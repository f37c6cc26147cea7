import type { ShowListPage } from './paged-after-recent'
import { toShow, type Show, type ShowRecord } from './show-rules'

/** One page of /shows/past as read: its shows' records, past and newest first, and how many past shows there are. */
export type ShowArchivePage = ShowListPage<ShowRecord>

/** A page of /shows/past or /shows as shown: its shows and how many there are in all. */
export function pastShowsPage({ records, total }: ShowListPage<ShowRecord>): {
  shows: Show[]
  total: number
} {
  return { shows: records.map(toShow).filter((show): show is Show => show !== null), total }
}
