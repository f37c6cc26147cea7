import { useEditAttributes, type EditTarget } from '../../../lib/preview/edit-target'
import { formatPostDate } from '../utils/format-date'

export function NewsDate({
  iso,
  className,
  editTarget,
}: {
  iso: string | null
  className?: string
  /** Where the date is edited (a draft page's click to edit, ADR 160): a date carries no stega. */
  editTarget?: EditTarget
}) {
  const edit = useEditAttributes()
  if (!iso) return null
  return (
    <time className={className} dateTime={iso} {...(editTarget ? edit(editTarget) : {})}>
      {formatPostDate(iso)}
    </time>
  )
}
