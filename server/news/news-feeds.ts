import { newsFeedQuery, siteSettingsQuery } from '../../web/src/content/queries'
import type { NewsFeedQueryResult, SiteSettingsQueryResult } from '../../web/src/content/sanity.types'
import { bandNameOf } from '../../web/src/config/public-config'
import type { Locale } from '../../web/src/lib/i18n/locale-contract'
import type { Feed } from '../page-cache/feeds'
import { buildRssFeed } from './rss-feed'
import { newsPath, postPath } from './post-paths'

/** The feed's own words, written for each language's readers (ADR 193). */
const FEED_WORDS: Record<
  Locale,
  { title: (band: string) => string; description: (band: string) => string; language: string }
> = {
  en: {
    title: (band) => `${band} news`,
    description: (band) => `News from ${band}: new releases, tours and stories from the road.`,
    language: 'en-us',
  },
  es: {
    title: (band) => `Noticias de ${band}`,
    description: (band) => `Lo nuevo de ${band}: discos, giras e historias del camino.`,
    language: 'es-mx',
  },
}

/** Where a language's feed lives: /news/rss.xml, and the same under /es/ for the Spanish posts. */
export const newsFeedPath = (locale: Locale) => `${newsPath(locale)}/rss.xml`

/** The RSS feed of one language: that language's 20 newest posts, with its `<language>` (ADR 060, ADR 193). */
export function newsFeed(locale: Locale): Feed {
  const words = FEED_WORDS[locale]
  return {
    path: newsFeedPath(locale),
    contentType: 'application/rss+xml; charset=utf-8',
    render: async ({ content, absolute, now }) => {
      const [settings, posts] = await Promise.all([
        content.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: locale }),
        content.fetch<NewsFeedQueryResult>(newsFeedQuery, { lang: locale }),
      ])
      const bandName = bandNameOf(settings)
      return buildRssFeed({
        title: words.title(bandName),
        link: absolute(newsPath(locale)),
        feedUrl: absolute(newsFeedPath(locale)),
        description: words.description(bandName),
        language: words.language,
        now,
        items: posts.flatMap((post) =>
          post.slug && post.publishedAt
            ? [
                {
                  title: post.title ?? '',
                  link: absolute(postPath(post.slug, locale)),
                  publishedAt: post.publishedAt,
                  updatedAt: post._updatedAt,
                  description: post.excerpt,
                },
              ]
            : [],
        ),
      })
    },
  }
}
