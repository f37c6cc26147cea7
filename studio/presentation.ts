import {
  defineDocuments,
  defineLocations,
  presentationTool,
  type DocumentLocation,
  type DocumentLocationResolvers,
} from 'sanity/presentation'
import { PREVIEW_MODE } from '../web/src/lib/preview/preview-contract'

/** Every page shows the site settings and may open the popups. */
const EVERY_PAGE: DocumentLocation[] = [
  { title: 'Home page', href: '/' },
  { title: 'News', href: '/news' },
]

const everyPage = (message: string) => defineLocations({ message, tone: 'positive', locations: EVERY_PAGE })

/** Where each kind of document shows on the site: the links under a document's title in the Studio. */
export const locations: DocumentLocationResolvers = {
  event: defineLocations({
    select: { venue: 'venue', city: 'city', slug: 'slug.current' },
    resolve: (show) => ({
      locations: [
        { title: 'Home page (tour dates)', href: '/' },
        ...(show?.slug
          ? [{ title: `${show.venue ?? 'Show'}, ${show.city ?? ''}`, href: `/shows/${show.slug}` }]
          : []),
      ],
    }),
  }),
  newsPost: defineLocations({
    select: { title: 'title', slug: 'slug.current', language: 'language' },
    // A Spanish post lives under /es/news (ADR 193).
    resolve: (post) => {
      const news = post?.language === 'es' ? '/es/news' : '/news'
      return {
        locations: [
          { title: 'News', href: news },
          ...(post?.slug ? [{ title: post.title ?? 'Post', href: `${news}/${post.slug}` }] : []),
        ],
      }
    },
  }),
  mediaItem: defineLocations({
    select: { caption: 'caption.en', slug: 'slug.current' },
    resolve: (item) => ({
      locations: [
        { title: 'Home page (media)', href: '/' },
        ...(item?.slug
          ? [{ title: item.caption ?? 'Media item', href: `/?media=${encodeURIComponent(item.slug)}` }]
          : []),
      ],
    }),
  }),
  gallery: defineLocations({ locations: [{ title: 'Home page (media)', href: '/' }] }),
  siteSettings: everyPage('Used on every page'),
  newsletterPopup: everyPage('Opens on every page'),
  tourPromo: everyPage('Opens on every page while enabled'),
}

/** The document a page is about, opened beside it when the preview shows that page. */
export const mainDocuments = defineDocuments([
  { route: '/shows/:slug', filter: `_type == "event" && slug.current == $slug` },
  { route: '/news/:slug', filter: `_type == "newsPost" && slug.current == $slug` },
  { route: '/', filter: `_type == "siteSettings" && _id == "siteSettings"` },
])

/** The Presentation tool: the site in a frame on the Studio's own origin, in draft mode. */
export function sitePresentationTool() {
  return presentationTool({
    title: 'Preview',
    // The site's draft mode routes: the tool opens `enable` in its frame with a one-hour secret it has just
    // written to the dataset; the server checks it and starts a draft session for that browser (ADR 160).
    previewUrl: { initial: '/', previewMode: PREVIEW_MODE },
    resolve: { locations, mainDocuments },
  })
}
