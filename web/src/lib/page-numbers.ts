/** `?page=` values 1 to `count` as the paging rules write them (`2`, never `02`; features/news/utils/news-paging.ts). */
export function pageNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, index) => String(index + 1))
}
