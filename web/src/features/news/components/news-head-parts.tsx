import { bandNameOf } from '../../../config/public-config'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useImageUrl } from '../../../lib/content-context'
import { useMessages } from '../../../lib/i18n/messages'
import { useSiteSettings } from '../../site'
import type { NewsJsonLdContext } from '../utils/news-json-ld'

export function useNewsJsonLdContext(): NewsJsonLdContext {
  return { settings: useSiteSettings(), imageUrl: useImageUrl(), absolute: useAbsoluteUrl() }
}

/** The news feed, for readers and crawlers. */
export function FeedLink() {
  const absolute = useAbsoluteUrl()
  const bandName = bandNameOf(useSiteSettings())
  const { news } = useMessages()
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={news.feedTitle(bandName)}
      href={absolute('/news/rss.xml')}
    />
  )
}
