/** A page of a show list as read: its shows' records, in the list's order, and how many the list holds. */
export type ShowListPage<T> = { records: T[]; total: number }

/**
 * One page of a list that starts with the shows of the last days, already sorted out one by one (ADR 031's rule
 * needs each show's time zone), and goes on with `restCount` shows the query orders and slices by date alone:
 * `readRest(start, end)` reads only the page's share of those (`end` exclusive), and nothing when the recent
 * ones fill the page. Neither step reads the whole list.
 */
export async function pageAfterRecent<T>({
  recent,
  restCount,
  page,
  pageSize,
  readRest,
}: {
  recent: T[]
  restCount: number
  page: number
  pageSize: number
  readRest: (start: number, end: number) => Promise<T[]>
}): Promise<ShowListPage<T>> {
  const start = (page - 1) * pageSize
  const end = start + pageSize
  const fromRecent = recent.slice(start, end)
  const restStart = Math.max(0, start - recent.length)
  const restEnd = Math.min(restCount, end - recent.length)
  const rest = restEnd > restStart ? await readRest(restStart, restEnd) : []
  return { records: [...fromRecent, ...rest], total: recent.length + restCount }
}
