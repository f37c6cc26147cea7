import { useLocation } from 'react-router'
import { Seo, type SeoProps } from '../components/seo/seo'
import { useSiteSettings } from '../features/site/api/get-site-settings'
import { useImageUrl } from '../lib/content-context'
import { hasImage } from '../lib/image-url'
import { useAbsoluteUrl } from '../lib/absolute-url'

/**
 * A page's metadata with the site's defaults: the description and sharing image from the site settings,
 * the canonical URL of the current path on the public origin (none on a `noindex` page: such a page has no
 * address of its own to name, and the 404 page is one page shared by every unknown address, ADR 090).
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
  /** The canonical path when it is not just the current path (e.g. `/news?page=2`). */
  path?: string
}) {
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const { pathname } = useLocation()
  const ogImage = settings?.ogImage
  const defaultImage = hasImage(ogImage) ? absolute(imageUrl(ogImage, { width: 1200, height: 630 })) : null
  return (
    <Seo
      title={title}
      description={description ?? settings?.description}
      image={image ?? defaultImage}
      imageAlt={image ? imageAlt : (imageAlt ?? ogImage?.alt)}
      url={noindex ? undefined : absolute(path ?? pathname)}
      type={type}
      siteName={settings?.bandName}
      noindex={noindex}
    />
  )
}
