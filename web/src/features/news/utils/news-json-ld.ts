/**
 * schema.org data for news: a `NewsArticle` per post (Google's Article rich result: headline, image, dates,
 * author) and a `CollectionPage` with an `ItemList` for the list. The band is both author and publisher, as
 * the same `MusicGroup` node the home page describes (`/#band`), with its logo.
 */
import type { ImageRef, ImageUrlFactory } from '../../../lib/image-url'
import { hasImage } from '../../../lib/image-url'
import type { NewsPost } from '../api/get-news-post'
import type { NewsSummary } from '../api/get-news-list'
import { localeNewsPostPath } from './post-translation'
import { bandNameOf } from '../../../config/public-config'

type Json = Record<string, unknown>

/** What the band's node needs from the site settings (the app layer passes them in). */
export type BandInfo = { bandName?: string | null; logo?: ImageRef; ogImage?: ImageRef }

export type NewsJsonLdContext = {
  settings: BandInfo | null
  imageUrl: ImageUrlFactory
  absolute: (pathOrUrl: string) => string
}

/** The cover as a 16:9 sharing image (1200x675), absolute, or the site's default sharing image. */
export function coverImageUrl(image: ImageRef | undefined, context: NewsJsonLdContext): string | null {
  if (hasImage(image)) return context.absolute(context.imageUrl(image, { width: 1200, height: 675 }))
  const fallback = context.settings?.ogImage
  return hasImage(fallback)
    ? context.absolute(context.imageUrl(fallback, { width: 1200, height: 630 }))
    : null
}

export function bandNode({ settings, imageUrl, absolute }: NewsJsonLdContext): Json {
  const logo = settings?.logo
  return {
    '@type': 'MusicGroup',
    '@id': `${absolute('/')}#band`,
    name: bandNameOf(settings),
    url: absolute('/'),
    ...(hasImage(logo)
      ? { logo: { '@type': 'ImageObject', url: absolute(imageUrl(logo, { width: 600 })) } }
      : {}),
  }
}

export function buildNewsArticleJsonLd(post: NewsPost, context: NewsJsonLdContext): Json {
  const inLanguage = post.language === 'es' ? 'es' : 'en'
  const url = context.absolute(localeNewsPostPath(post.slug ?? '', inLanguage))
  const image = coverImageUrl(post.coverImage, context)
  const band = bandNode(context)
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    '@id': `${url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title ?? '',
    inLanguage,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    ...(image ? { image: [image] } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post._updatedAt,
    author: band,
    publisher: band,
  }
}

export function buildNewsListJsonLd(
  posts: NewsSummary[],
  { pageUrl, firstPosition, title }: { pageUrl: string; firstPosition: number; title: string },
  context: NewsJsonLdContext,
): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': pageUrl,
    url: pageUrl,
    name: title,
    publisher: bandNode(context),
    mainEntity: {
      '@type': 'ItemList',
      itemListOrder: 'https://schema.org/ItemListOrderDescending',
      numberOfItems: posts.length,
      itemListElement: posts.map((post, index) => ({
        '@type': 'ListItem',
        position: firstPosition + index,
        url: context.absolute(localeNewsPostPath(post.slug ?? '', post.language === 'es' ? 'es' : 'en')),
        name: post.title ?? '',
      })),
    },
  }
}
