/**
 * Every GROQ query of the public site, as named `defineQuery` constants so Sanity TypeGen can generate their
 * result types (`npm run typegen`). Names must be unique across the project: TypeGen derives type names
 * from them.
 */
import { defineQuery } from 'groq'

/*
 * Texts in both languages (ADR 193) are `{en, es}` objects. A query reads them with `$lang`, the page's language:
 * `"x": coalesce(select($lang == "es" => x.es), x.en)` gives the page's text or the English one, and `"xLang"` is "en" when the
 * English stands in for a missing translation (the component marks that element `lang="en"`), else null. Only
 * the page's language travels; the source map points at the member read (`x.es` or `x.en`), so click-to-edit
 * opens that field. Written out in full: TypeGen reads the query strings, not functions that build them,
 * and types `select` but not `x[$lang]`.
 */

/** Image fields as the site needs them: the asset reference (which carries the dimensions) plus crop data. */
const imageFields = /* groq */ `asset, hotspot, crop, alt`

/** Image fields whose alt text is written in both languages (site settings, media items). */
const localeImageFields = /* groq */ `asset, hotspot, crop, "alt": coalesce(select($lang == "es" => alt.es), alt.en)`

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  bandName,
  "tagline": coalesce(select($lang == "es" => tagline.es), tagline.en),
  "taglineLang": select($lang == "es" && !defined(tagline.es) && defined(tagline.en) => "en", null),
  "description": coalesce(select($lang == "es" => description.es), description.en),
  "descriptionLang": select($lang == "es" && !defined(description.es) && defined(description.en) => "en", null),
  bookingEmail,
  "footerCopyright": coalesce(select($lang == "es" => footerCopyright.es), footerCopyright.en),
  "footerCopyrightLang": select($lang == "es" && !defined(footerCopyright.es) && defined(footerCopyright.en) => "en", null),
  logo{${localeImageFields}},
  ogImage{${localeImageFields}},
  "heroVideo": heroVideo.asset->{url, mimeType},
  heroPoster{${localeImageFields}},
  heroFallbackImage{${localeImageFields}},
  bandPhoto{${localeImageFields}, credit},
  "about": coalesce(select($lang == "es" => about.es), about.en),
  "aboutLang": select($lang == "es" && !defined(about.es) && defined(about.en) => "en", null),
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
  "caption": coalesce(select($lang == "es" => caption.es), caption.en),
  "captionLang": select($lang == "es" && !defined(caption.es) && defined(caption.en) => "en", null),
  credit,
  "alt": coalesce(select($lang == "es" => alt.es), alt.en)
}`)

/** The newsletter popup's copy and timing (docs/fan-site-rules.md §2, §9); absent fields fall back to the defaults there. */
export const newsletterPopupQuery = defineQuery(`*[_type == "newsletterPopup" && _id == "newsletterPopup"][0]{
  enabled,
  "title": coalesce(select($lang == "es" => title.es), title.en),
  "titleLang": select($lang == "es" && !defined(title.es) && defined(title.en) => "en", null),
  "text": coalesce(select($lang == "es" => text.es), text.en),
  "textLang": select($lang == "es" && !defined(text.es) && defined(text.en) => "en", null),
  delayMs,
  scrollThresholdPx
}`)

/**
 * What the public may see of news: published posts (the client reads the published perspective, so drafts
 * never match) with an address and a date that has come (a post dated in the future waits for its day).
 */
const listedPost = /* groq */ `_type == "newsPost" && defined(slug.current) && defined(publishedAt) && publishedAt <= now()`

/**
 * A listed post of the page's language (ADR 193: a post is written for one language's readers). Posts from before
 * posts had a language are English; the content migration writes that down.
 */
const listedPostIn = /* groq */ `${listedPost} && coalesce(language, "en") == $lang`

/** The fields a post's card, feed item and sitemap entry share. */
const postSummaryFields = /* groq */ `
  _id,
  _updatedAt,
  title,
  "slug": slug.current,
  "language": coalesce(language, "en"),
  publishedAt,
  excerpt,
  coverImage{${imageFields}}`

/**
 * The post's listed translation, linked from either side (the band manager links it on one of the two posts):
 * the language and address of the other post, or null when the post exists in one language only.
 */
const postTranslation = /* groq */ `"translation": coalesce(
    *[${listedPost} && _id == ^.translation._ref && coalesce(language, "en") != coalesce(^.language, "en")][0],
    *[${listedPost} && translation._ref == ^._id && coalesce(language, "en") != coalesce(^.language, "en")][0]
  ){"language": coalesce(language, "en"), "slug": slug.current}`

/** One page of the news list of `$lang`, newest first, and the total for the pager. `$end` is exclusive. */
export const newsListQuery = defineQuery(`{
  "total": count(*[${listedPostIn}]),
  "posts": *[${listedPostIn}] | order(publishedAt desc, _id asc) [$start...$end]{${postSummaryFields}}
}`)

/**
 * Every slug a news post may be reached at, in either language: a superset of the listed posts (a post dated in
 * the future is in it before its day comes), so the server answers any other `/news/<slug>` or `/news?page=`
 * with the shared 404 (ADR 090) and never a post that has just come due. A post at the other language's address
 * is not found by `newsPostQuery`, whose 404 the loader answers.
 */
export const newsPostSlugsQuery = defineQuery(`*[_type == "newsPost" && defined(slug.current)].slug.current`)

/** The slugs of the posts written in `$lang`. */
export const newsPostSlugsInQuery = defineQuery(
  `*[_type == "newsPost" && defined(slug.current) && coalesce(language, "en") == $lang].slug.current`,
)

/** A post of `$lang` with its body, its translation, and its neighbours of the same language in date order. */
export const newsPostQuery = defineQuery(`*[${listedPostIn} && slug.current == $slug][0]{
  ${postSummaryFields},
  "coverCredit": coverImage.credit,
  body,
  ${postTranslation},
  "newer": *[${listedPostIn} && publishedAt > ^.publishedAt] | order(publishedAt asc)[0]{title, "slug": slug.current},
  "older": *[${listedPostIn} && publishedAt < ^.publishedAt] | order(publishedAt desc)[0]{title, "slug": slug.current}
}`)

/** The RSS feed of `$lang`: its 20 newest posts. */
export const newsFeedQuery = defineQuery(
  `*[${listedPostIn}] | order(publishedAt desc, _id asc) [0...20]{${postSummaryFields}}`,
)

/** sitemap.xml: every listed post's address (in its language), last change and translation. */
export const newsSitemapQuery = defineQuery(`*[${listedPost}] | order(publishedAt desc, _id asc){
  "slug": slug.current,
  "language": coalesce(language, "en"),
  _updatedAt,
  ${postTranslation}
}`)

/** The tour promo popup (docs/fan-site-rules.md §2): its copy, video and the show it advertises. */
export const tourPromoQuery = defineQuery(`*[_type == "tourPromo" && _id == "tourPromo"][0]{
  enabled,
  "heading": coalesce(select($lang == "es" => heading.es), heading.en),
  "headingLang": select($lang == "es" && !defined(heading.es) && defined(heading.en) => "en", null),
  youtubeId,
  thumbnail{${imageFields}},
  "body": coalesce(select($lang == "es" => body.es), body.en),
  "bodyLang": select($lang == "es" && !defined(body.es) && defined(body.en) => "en", null),
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
  "notes": coalesce(select($lang == "es" => notes.es), notes.en),
  "notesLang": select($lang == "es" && !defined(notes.es) && defined(notes.en) => "en", null),
  setlist,
  "area": area->{
    "name": coalesce(select($lang == "es" => name.es), name.en),
    "nameLang": select($lang == "es" && !defined(name.es) && defined(name.en) => "en", null),
    "slug": slug.current
  }`

/** /shows/<slug>: the show, its photos and videos, and the tour promo's copy when the promo is about it. */
export const showPageQuery = defineQuery(`*[${listedShow} && slug.current == $slug][0]{
  ${showFields},
  "media": media[]->{
    _id,
    kind,
    youtubeId,
    image{${imageFields}},
    poster{${imageFields}},
    "caption": coalesce(select($lang == "es" => caption.es), caption.en),
    "captionLang": select($lang == "es" && !defined(caption.es) && defined(caption.en) => "en", null),
    credit,
    "alt": coalesce(select($lang == "es" => alt.es), alt.en)
  },
  "promo": *[_type == "tourPromo" && _id == "tourPromo" && enabled == true && event._ref == ^._id][0]{
    "heading": coalesce(select($lang == "es" => heading.es), heading.en),
    "headingLang": select($lang == "es" && !defined(heading.es) && defined(heading.en) => "en", null),
    "body": coalesce(select($lang == "es" => body.es), body.en),
    "bodyLang": select($lang == "es" && !defined(body.es) && defined(body.en) => "en", null)
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
 * The published areas by name in the page's language: /shows' area links, the sign-up form's choice and, from centre and radius, the
 * browser's "Find my nearest area" (docs/fan-site-rules.md §10).
 */
export const areasQuery =
  defineQuery(`*[_type == "area" && defined(slug.current)] | order(coalesce(select($lang == "es" => name.es), name.en) asc){
  "name": coalesce(select($lang == "es" => name.es), name.en),
  "nameLang": select($lang == "es" && !defined(name.es) && defined(name.en) => "en", null),
  "slug": slug.current,
  centre,
  radiusKm
}`)

/** Every area slug /shows?area= and /shows/area/<slug>.ics may name; any other is the shared 404 (ADR 090). */
export const areaSlugsQuery = defineQuery(`*[_type == "area" && defined(slug.current)].slug.current`)

/** /shows/area/<slug>.ics: the area's shows from `$since` on, as /shows.ics has them. */
export const areaCalendarQuery = defineQuery(`{
  "area": *[_type == "area" && slug.current == $area][0]{"name": coalesce(select($lang == "es" => name.es), name.en)},
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
