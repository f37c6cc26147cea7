import type { SubscriberPage } from './subscribers-client'

/**
 * What the pager says and allows for a page of the list: "51–100 of 240", or "of more than 1,000" when the
 * server counted a search's matches only up to its cap (ADR 176); Next while more may follow.
 */
export function pageRange(
  page: Pick<SubscriberPage, 'items' | 'total' | 'totalCapped'>,
  offset: number,
  pageSize: number,
) {
  const total = page.totalCapped
    ? `more than ${page.total.toLocaleString('en-US')}`
    : page.total.toLocaleString('en-US')
  const first = page.items.length ? offset + 1 : offset
  return {
    label: `${first.toLocaleString('en-US')}–${(offset + page.items.length).toLocaleString('en-US')} of ${total}`,
    hasNext: page.items.length === pageSize && (page.totalCapped || offset + pageSize < page.total),
    shown: page.totalCapped || page.total > pageSize || offset > 0,
  }
}
