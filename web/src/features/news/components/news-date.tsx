import { useEditAttributes, type EditTarget } from '../../../lib/preview/edit-target'
import { formatPostDate } from '../utils/format-date'
import { useLocale } from '../../../lib/i18n/messages'

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
  const locale = useLocale()
  if (!iso) return null
  return (
    <time className={className} dateTime={iso} {...(editTarget ? edit(editTarget) : {})}>
      {formatPostDate(iso, locale)}
    </time>
  )
}
