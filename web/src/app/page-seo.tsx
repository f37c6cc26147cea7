import { useLocation } from 'react-router'
import { Seo, type SeoProps } from '../components/seo/seo'
import { useSiteSettings } from '../features/site/api/get-site-settings'
import { useImageUrl } from '../lib/content-context'
import { hasImage } from '../lib/image-url'
import { useAbsoluteUrl } from '../lib/absolute-url'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/i18n/locale-contract'
import { localizedPath } from '../lib/i18n/localized-path-contract'
import { useLocale } from '../lib/i18n/messages'
import { translatedPaths, WithPageTranslations } from '../lib/i18n/page-translations'

/** Open Graph's spelling of the languages: the Spanish is Mexico's (ADR 193). */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_MX' }

/**
 * The page's translations as metadata (ADR 194): `hreflang` links to each language the page exists in, itself
 * included, `x-default` at the English page, and Open Graph's locale with its alternates. A page in one language
 * only names none.
 */
function languageMeta(
  paths: Record<Locale, string | null>,
  locale: Locale,
  absolute: (path: string) => string,
) {
  const existing = LOCALES.filter((each) => paths[each] !== null)
  if (existing.length < 2) return { ogLocale: OG_LOCALES[locale] }
  const alternates = existing.map((each) => ({ hrefLang: each, href: absolute(paths[each]!) }))
  const fallback = paths[DEFAULT_LOCALE]
  return {
    ogLocale: OG_LOCALES[locale],
    ogLocaleAlternates: existing.filter((each) => each !== locale).map((each) => OG_LOCALES[each]),
    alternates: fallback ? [...alternates, { hrefLang: 'x-default', href: absolute(fallback) }] : alternates,
  }
}

/**
 * A page's metadata with the site's defaults: the description and sharing image from the site settings,
 * the canonical URL of the current path on the public origin in the page's language, and the page's
 * translations (none on a `noindex` page: such a page has no address of its own to name, and the 404 page is
 * one page shared by every unknown address, ADR 090).
 */
export function PageSeo({
  title,
  description,
  image,
  imageAlt,
  type,
  noindex,
  path,
}: Pick<SeoProps, 'title' | 'description' | 'image' | 'imageAlt' | 'type' | 'noindex'> & {
  /** The canonical path when it is not just the current path (e.g. `/news?page=2`), in the route table's spelling. */
  path?: string
}) {
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const locale = useLocale()
  const { pathname } = useLocation()
  const ogImage = settings?.ogImage
  const defaultImage = hasImage(ogImage) ? absolute(imageUrl(ogImage, { width: 1200, height: 630 })) : null
  const samePath = path ?? pathname
  const seo = (languages: ReturnType<typeof languageMeta>) => (
    <Seo
      title={title}
      description={description ?? settings?.description}
      image={image ?? defaultImage}
      imageAlt={image ? imageAlt : (imageAlt ?? ogImage?.alt)}
      url={noindex ? undefined : absolute(localizedPath(locale, samePath))}
      type={type}
      siteName={settings?.bandName}
      noindex={noindex}
      {...languages}
    />
  )
  if (noindex) return seo({ ogLocale: OG_LOCALES[locale] })
  return (
    <WithPageTranslations>
      {(translations) => seo(languageMeta(translatedPaths(translations, samePath), locale, absolute))}
    </WithPageTranslations>
  )
}
