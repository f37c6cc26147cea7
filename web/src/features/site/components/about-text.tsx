import { PortableText } from '@portabletext/react'
import { safeTextComponents } from '../../../components/ui/safe-link-mark'
import type { SiteSettings } from '../api/get-site-settings'

/** The about blurb's rich text: its own chunk, so the Portable Text renderer is not in the first download. */
export function AboutText({ value }: { value: NonNullable<SiteSettings['about']> }) {
  return <PortableText value={value} components={safeTextComponents} />
}
