import { formatPostDate } from '../utils/format-date'

export function NewsDate({ iso, className }: { iso: string | null; className?: string }) {
  if (!iso) return null
  return (
    <time className={className} dateTime={iso}>
      {formatPostDate(iso)}
    </time>
  )
}
