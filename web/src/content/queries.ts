/**
 * Every GROQ query of the public site, as named `defineQuery` constants so Sanity TypeGen can generate their
 * result types (`npm run typegen`). Names must be unique across the project: TypeGen derives type names
 * from them.
 */
import { defineQuery } from 'groq'

/** Image fields as the site needs them: the asset reference (which carries the dimensions) plus crop data. */
const imageFields = /* groq */ `asset, hotspot, crop, alt`

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  bandName,
  tagline,
  description,
  bookingEmail,
  footerCopyright,
  logo{${imageFields}},
  ogImage{${imageFields}},
  "heroVideo": heroVideo.asset->{url, mimeType},
  heroPoster{${imageFields}},
  heroFallbackImage{${imageFields}},
  bandPhoto{${imageFields}, credit},
  about,
  socialLinks[]{_key, platform, url}
}`)

/** What a row of the home page's tour list (and its structured data) shows of a show. */
const tourDateFields = /* groq */ `
  _id,
  "slug": slug.current,
  startsAt,
  timeZone,
  venue,
  city,
  region,
  country,
  address,
  status,
  ticketUrl,
  price,
  currency`

/**
 * The home page's tour list: the shows of the last days (`$recentFrom` to `$recentTo`, which the site sorts out
 * per time zone, docs/fan-site-rules.md §10), the `$upcomingCount` soonest after them (all upcoming) and how
 * many there are, and the `$pastCount` latest before them (all past). Never the whole tour nor the whole
 * history: /shows and /shows/past page them.
 */
export const tourDatesQuery = defineQuery(`{
  "recent": *[_type == "event" && defined(startsAt) && startsAt >= $recentFrom && startsAt < $recentTo] | order(startsAt asc){${tourDateFields}},
  "later": *[_type == "event" && defined(startsAt) && startsAt >= $recentTo] | order(startsAt asc, _id asc) [0...$upcomingCount]{${tourDateFields}},
  "laterCount": count(*[_type == "event" && defined(startsAt) && startsAt >= $recentTo]),
  "past": *[_type == "event" && defined(startsAt) && startsAt < $recentFrom] | order(startsAt desc) [0...$pastCount]{${tourDateFields}}
}`)

/** The media grid: the gallery singleton's items in the editor's order. */
export const galleryItemsQuery = defineQuery(`*[_type == "gallery" && _id == "gallery"][0].items[]->{
  _id,
  "slug": slug.current,
  kind,
  youtubeId,
  image{${imageFields}, "lqip": asset->metadata.lqip},
  poster{${imageFields}, "lqip": asset->metadata.lqip},
  "videoUrl": videoFile.asset->url,
  "videoMimeType": videoFile.asset->mimeType,
  caption,
  credit,
  alt
}`)

/** The newsletter popup's copy and timing (docs/fan-site-rules.md §2, §9); absent fields fall back to the defaults there. */
export const newsletterPopupQuery = defineQuery(`*[_type == "newsletterPopup" && _id == "newsletterPopup"][0]{
  enabled,
  title,
  text,
  delayMs,
  scrollThresholdPx
}`)

/**
 * What the public may see of news: published posts (the client reads the published perspective, so drafts
 * never match) with an address and a date that has come (a post dated in the future waits for its day).
 */
const listedPost = /* groq */ `_type == "newsPost" && defined(slug.current) && defined(publishedAt) && publishedAt <= now()`

/** The fields a post's card, feed item and sitemap entry share. */
const postSummaryFields = /* groq */ `
  _id,
  _updatedAt,
  title,
  "slug": slug.current,
  publishedAt,
  excerpt,
  coverImage{${imageFields}}`

/** One page of the news list, newest first, and the total for the pager. `$end` is exclusive. */
export const newsListQuery = defineQuery(`{
  "total": count(*[${listedPost}]),
  "posts": *[${listedPost}] | order(publishedAt desc, _id asc) [$start...$end]{${postSummaryFields}}
}`)

/**
 * Every slug a news post may be reached at: a superset of the listed posts (a post dated in the future is
 * in it before its day comes), so the server answers any other `/news/<slug>` or `/news?page=` with the
 * shared 404 (ADR 090) and never a post that has just come due.
 */
export const newsPostSlugsQuery = defineQuery(`*[_type == "newsPost" && defined(slug.current)].slug.current`)

/** A post with its body, and its neighbours in date order for the previous/next links. */
export const newsPostQuery = defineQuery(`*[${listedPost} && slug.current == $slug][0]{
  ${postSummaryFields},
  "coverCredit": coverImage.credit,
  body,
  "newer": *[${listedPost} && publishedAt > ^.publishedAt] | order(publishedAt asc)[0]{title, "slug": slug.current},
  "older": *[${listedPost} && publishedAt < ^.publishedAt] | order(publishedAt desc)[0]{title, "slug": slug.current}
}`)

/** The RSS feed: the 20 newest posts. */
export const newsFeedQuery = defineQuery(
  `*[${listedPost}] | order(publishedAt desc, _id asc) [0...20]{${postSummaryFields}}`,
)

/** sitemap.xml: every listed post's address and last change. */
export const newsSitemapQuery = defineQuery(`*[${listedPost}] | order(publishedAt desc){
  "slug": slug.current,
  _updatedAt
}`)

/** The tour promo popup (docs/fan-site-rules.md §2): its copy, video and the show it advertises. */
export const tourPromoQuery = defineQuery(`*[_type == "tourPromo" && _id == "tourPromo"][0]{
  enabled,
  heading,
  youtubeId,
  thumbnail{${imageFields}},
  body,
  ticketUrl,
  event->{_id, startsAt, timeZone, venue, city, region, status, ticketUrl}
}`)

/**
 * The server's page cache (ADR 090): when the next news post dated in the future ("Published at", the one type
 * with a publication date) becomes public, so pages rendered before then are rendered again at that moment.
 * Read after every publish: narrowed to its type, it reads the posts, not every document of the dataset.
 */
export const nextScheduledQuery = defineQuery(
  `*[_type == "newsPost" && defined(publishedAt) && publishedAt > now()] | order(publishedAt asc)[0].publishedAt`,
)

/** A show the public may see: an event with its address and date (drafts never match: published perspective). */
const listedShow = /* groq */ `_type == "event" && defined(slug.current) && defined(startsAt)`

/** A show as its page, its calendar entry and the past shows archive read it. */
const showFields = /* groq */ `
  _id,
  _createdAt,
  _updatedAt,
  "slug": slug.current,
  startsAt,
  originalStartsAt,
  doorsTime,
  timeZone,
  venue,
  city,
  region,
  country,
  address,
  postalCode,
  status,
  ticketUrl,
  price,
  currency,
  notes,
  setlist,
  "area": area->{name, "slug": slug.current}`

/** /shows/<slug>: the show, its photos and videos, and the tour promo's copy when the promo is about it. */
export const showPageQuery = defineQuery(`*[${listedShow} && slug.current == $slug][0]{
  ${showFields},
  "media": media[]->{
    _id,
    kind,
    youtubeId,
    image{${imageFields}},
    poster{${imageFields}},
    caption,
    credit,
    alt
  },
  "promo": *[_type == "tourPromo" && _id == "tourPromo" && enabled == true && event._ref == ^._id][0]{
    heading,
    body
  }
}`)

/**
 * /shows/past, first step: the shows of the last days (`$recentFrom` to `$recentTo`, which ADR 031's rule sorts
 * out per time zone) and how many are older, all past.
 */
export const showArchiveRecentQuery = defineQuery(`{
  "recent": *[${listedShow} && startsAt >= $recentFrom && startsAt < $recentTo] | order(startsAt desc, _id asc){${showFields}},
  "olderCount": count(*[${listedShow} && startsAt < $recentFrom])
}`)

/** /shows/past, second step: the page's share of the shows older than `$recentFrom`, newest first (`$end` exclusive). */
export const showArchivePageQuery = defineQuery(
  `*[${listedShow} && startsAt < $recentFrom] | order(startsAt desc, _id asc) [$start...$end]{${showFields}}`,
)

/** A show of the area whose slug is `$area`, or any show when `$area` is null (/shows?area=<slug>, ADR 192). */
const inArea = /* groq */ `($area == null || area->slug.current == $area)`

/**
 * /shows, first step: the shows of the last days (`$recentFrom` to `$recentTo`, which ADR 031's rule sorts out
 * per time zone) and how many are later, all upcoming; `$area` narrows both the same way.
 */
export const upcomingShowsRecentQuery = defineQuery(`{
  "recent": *[${listedShow} && ${inArea} && startsAt >= $recentFrom && startsAt < $recentTo] | order(startsAt asc, _id asc){${showFields}},
  "laterCount": count(*[${listedShow} && ${inArea} && startsAt >= $recentTo])
}`)

/** /shows, second step: the page's share of the shows from `$recentTo` on, soonest first (`$end` exclusive). */
export const upcomingShowsPageQuery = defineQuery(
  `*[${listedShow} && ${inArea} && startsAt >= $recentTo] | order(startsAt asc, _id asc) [$start...$end]{${showFields}}`,
)

/**
 * The published areas by name: /shows' area links, the sign-up form's choice and, from centre and radius, the
 * browser's "Find my nearest area" (docs/fan-site-rules.md §10).
 */
export const areasQuery = defineQuery(`*[_type == "area" && defined(slug.current)] | order(name asc){
  name,
  "slug": slug.current,
  centre,
  radiusKm
}`)

/** Every area slug /shows?area= and /shows/area/<slug>.ics may name; any other is the shared 404 (ADR 090). */
export const areaSlugsQuery = defineQuery(`*[_type == "area" && defined(slug.current)].slug.current`)

/** /shows/area/<slug>.ics: the area's shows from `$since` on, as /shows.ics has them. */
export const areaCalendarQuery = defineQuery(`{
  "area": *[_type == "area" && slug.current == $area][0]{name},
  "shows": *[${listedShow} && area->slug.current == $area && startsAt >= $since] | order(startsAt asc, _id asc){${showFields}}
}`)

/** How many shows there are, past and upcoming: the most pages /shows/past or /shows may have (ADR 090's 404). */
export const showCountQuery = defineQuery(`count(*[${listedShow}])`)

/** Every slug a show page may have (a superset of the shows with a page), for the shared 404 (ADR 090). */
export const showSlugsQuery = defineQuery(`*[${listedShow}].slug.current`)

/** /shows.ics: the shows from `$since` on (a year back, ADR 120): upcoming ones and a bounded past. */
export const showCalendarQuery = defineQuery(
  `*[${listedShow} && startsAt >= $since] | order(startsAt asc, _id asc){${showFields}}`,
)

/** /shows/<slug>.ics. */
export const showCalendarEntryQuery = defineQuery(
  `*[${listedShow} && slug.current == $slug][0]{${showFields}}`,
)

/** sitemap.xml: every show's address and last change, and its area's (/shows?area=<slug>). */
export const showSitemapQuery = defineQuery(`*[${listedShow}] | order(startsAt desc){
  "slug": slug.current,
  "area": area->slug.current,
  _updatedAt
}`)
