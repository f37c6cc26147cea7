import type { SchemaTypeDefinition } from 'sanity'
import { areaType } from './documents/area'
import { eventType } from './documents/event'
import { mediaItemType } from './documents/media-item'
import { newsPostType } from './documents/news-post'
import { blockContentType } from './objects/block-content'
import { localeBlockContentType, localeStringType, localeTextType } from './objects/locale-fields'
import { socialLinkType } from './objects/social-link'
import { youtubeEmbedType } from './objects/youtube-embed'
import { galleryType } from './singletons/gallery'
import { newsletterPopupType } from './singletons/newsletter-popup'
import { siteSettingsType } from './singletons/site-settings'
import { tourPromoType } from './singletons/tour-promo'

/** The content model of docs/architecture.md §3. */
export const schemaTypes: SchemaTypeDefinition[] = [
  // Singletons
  siteSettingsType,
  galleryType,
  tourPromoType,
  newsletterPopupType,
  // Documents
  eventType,
  areaType,
  mediaItemType,
  newsPostType,
  // Objects
  blockContentType,
  localeStringType,
  localeTextType,
  localeBlockContentType,
  socialLinkType,
  youtubeEmbedType,
]
