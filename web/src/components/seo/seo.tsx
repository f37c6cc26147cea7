import { stegaCleanText } from '../../lib/preview/stega-clean'

export type SeoProps = {
  title: string
  description?: string | null
  /** Absolute URL of the sharing image. */
  image?: string | null
  imageAlt?: string | null
  /** Absolute canonical URL of the page; a `noindex` page has none (the 404 page is one page for any address). */
  url?: string
  type?: 'website' | 'article' | 'profile'
  siteName?: string | null
  noindex?: boolean
  /** The page's language for Open Graph (`es_MX`), and its translations' (`og:locale:alternate`). */
  ogLocale?: string
  ogLocaleAlternates?: string[]
  /** The page in every language it exists in, itself included (`hreflang`, `x-default` among them). */
  alternates?: { hrefLang: string; href: string }[]
}

/**
 * A page's metadata: title, description, canonical link, Open Graph and Twitter tags. Plain React 19
 * elements: React hoists them into <head>, and the server renders the whole document, so crawlers and link
 * unfurlers (which run no JavaScript) see them in the HTML. On a draft page the texts may carry stega edit links,
 * which never belong in the head (ADR 160).
 */
export function Seo(props: SeoProps) {
  const { image, url, type = 'website', noindex, ogLocale, ogLocaleAlternates = [], alternates = [] } = props
  const title = stegaCleanText(props.title)
  const description = stegaCleanText(props.description)
  const imageAlt = stegaCleanText(props.imageAlt)
  const siteName = stegaCleanText(props.siteName)
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {alternates.map(({ hrefLang, href }) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      {url ? <meta property="og:url" content={url} /> : null}
      {siteName ? <meta property="og:site_name" content={siteName} /> : null}
      {ogLocale ? <meta property="og:locale" content={ogLocale} /> : null}
      {ogLocaleAlternates.map((alternate) => (
        <meta key={alternate} property="og:locale:alternate" content={alternate} />
      ))}
      {image ? <meta property="og:image" content={image} /> : null}
      {image && imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      {description ? <meta name="twitter:description" content={description} /> : null}
      {image ? <meta name="twitter:image" content={image} /> : null}
      {image && imageAlt ? <meta name="twitter:image:alt" content={imageAlt} /> : null}
    </>
  )
}
