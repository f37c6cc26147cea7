import { bandNameOf } from '../../../config/public-config'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useImageUrl } from '../../../lib/content-context'
import { useSiteSettings } from '../../site'
import type { NewsJsonLdContext } from '../utils/news-json-ld'

export const newsDescription = (bandName: string) =>
  `News from ${bandName}: new releases, tours and stories from the road.`

export function useNewsJsonLdContext(): NewsJsonLdContext {
  return { settings: useSiteSettings(), imageUrl: useImageUrl(), absolute: useAbsoluteUrl() }
}

/** The news feed, for readers and crawlers. */
export function FeedLink() {
  const absolute = useAbsoluteUrl()
  const bandName = bandNameOf(useSiteSettings())
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={`${bandName} news`}
      href={absolute('/news/rss.xml')}
    />
  )
}
