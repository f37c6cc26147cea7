import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Seo } from './seo'

describe('Seo', () => {
  it('renders title, description, canonical, Open Graph and Twitter tags (type defaults to website)', () => {
    const html = renderToString(
      <Seo
        title="Los Forasteros"
        description="Son Jarocho meets the spaghetti Western"
        image="https://example.com/og.jpg"
        imageAlt="A jarana at sunset"
        url="https://example.com/"
        siteName="Los Forasteros"
      />,
    )
    for (const tag of [
      '<title>Los Forasteros</title>',
      '<meta name="description" content="Son Jarocho meets the spaghetti Western"/>',
      '<link rel="canonical" href="https://example.com/"/>',
      '<meta property="og:type" content="website"/>',
      '<meta property="og:title" content="Los Forasteros"/>',
      '<meta property="og:description" content="Son Jarocho meets the spaghetti Western"/>',
      '<meta property="og:url" content="https://example.com/"/>',
      '<meta property="og:image" content="https://example.com/og.jpg"/>',
      '<meta property="og:image:alt" content="A jarana at sunset"/>',
      '<meta property="og:site_name" content="Los Forasteros"/>',
      '<meta name="twitter:card" content="summary_large_image"/>',
      '<meta name="twitter:image" content="https://example.com/og.jpg"/>',
    ]) {
      expect(html).toContain(tag)
    }
  })

  it('names the page in each language (hreflang) and its Open Graph locale and alternates', () => {
    const html = renderToString(
      <Seo
        title="Noticias"
        url="https://example.com/es/news"
        ogLocale="es_MX"
        ogLocaleAlternates={['en_US']}
        alternates={[
          { hrefLang: 'en', href: 'https://example.com/news' },
          { hrefLang: 'es', href: 'https://example.com/es/news' },
          { hrefLang: 'x-default', href: 'https://example.com/news' },
        ]}
      />,
    )
    for (const tag of [
      '<link rel="alternate" hrefLang="en" href="https://example.com/news"/>',
      '<link rel="alternate" hrefLang="es" href="https://example.com/es/news"/>',
      '<link rel="alternate" hrefLang="x-default" href="https://example.com/news"/>',
      '<meta property="og:locale" content="es_MX"/>',
      '<meta property="og:locale:alternate" content="en_US"/>',
    ]) {
      expect(html).toContain(tag)
    }
  })

  it('uses a small card without an image, and can ask not to be indexed', () => {
    const html = renderToString(
      <Seo title="404 Page Not Found" url="https://example.com/x" type="article" noindex />,
    )
    expect(html).toContain('<meta name="twitter:card" content="summary"/>')
    expect(html).toContain('<meta property="og:type" content="article"/>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('og:image')
    expect(html).not.toContain('name="description"')
  })
})
