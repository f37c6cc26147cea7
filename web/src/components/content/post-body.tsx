import {
  PortableText,
  type PortableTextComponents,
  type PortableTextTypeComponentProps,
} from '@portabletext/react'
import { SafeLinkMark } from '../ui/safe-link-mark'
import type { BlockContent } from '../../content/sanity.types'
import { useImageUrl } from '../../lib/content-context'
import { imageDimensions, imageSrcSet } from '../../lib/image-url'
import { isYouTubeId } from '../../lib/youtube-contract'
import { YouTubeFacade } from './youtube-facade'
import { useMessages } from '../../lib/i18n/messages'

type BodyImage = Extract<BlockContent[number], { _type: 'image' }>
type BodyVideo = Extract<BlockContent[number], { _type: 'youtubeEmbed' }>

const FIGURE_WIDTHS = [480, 720, 960, 1440]
/** Sanity image asset ids: `image-<hash>-<w>x<h>-<ext>`. Anything else would make the URL builder throw. */
const IMAGE_ASSET_REF = /^image-[A-Za-z0-9]+-\d+x\d+-[a-z0-9]+$/

function Figure({ value }: PortableTextTypeComponentProps<BodyImage>) {
  const imageUrl = useImageUrl()
  const ref = value.asset?._ref
  if (typeof ref !== 'string' || !IMAGE_ASSET_REF.test(ref)) return null
  const image = { asset: { _ref: ref }, hotspot: value.hotspot, crop: value.crop }
  const size = imageDimensions(image)
  return (
    <figure className="post-body__figure">
      <img
        src={imageUrl(image, { width: 960 })}
        srcSet={imageSrcSet(imageUrl, image, FIGURE_WIDTHS)}
        sizes="(min-width: 48rem) 46rem, 100vw"
        width={size?.width}
        height={size?.height}
        alt={typeof value.alt === 'string' ? value.alt : ''}
        loading="lazy"
        decoding="async"
      />
      {value.caption || value.credit ? (
        <figcaption>
          {value.caption ? <span className="post-body__caption">{value.caption}</span> : null}
          {value.credit ? <span className="post-body__credit">{value.credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  )
}

function Video({ value }: PortableTextTypeComponentProps<BodyVideo>) {
  const { common } = useMessages()
  if (!isYouTubeId(value.youtubeId)) return null
  const title = typeof value.caption === 'string' && value.caption ? value.caption : common.youtubeVideo
  return (
    <figure className="post-body__figure post-body__video">
      <YouTubeFacade youtubeId={value.youtubeId} title={title} />
      {value.caption ? <figcaption>{value.caption}</figcaption> : null}
    </figure>
  )
}

/**
 * The serializers for a post body. Editor content is data, never markup: text goes through React (escaped),
 * links are vetted by `safeHref`, only known fields of embeds are read (no attribute spreading), and unknown
 * block types render nothing.
 */
export const postBodyComponents: PortableTextComponents = {
  marks: { link: SafeLinkMark },
  types: { image: Figure, youtubeEmbed: Video },
  unknownType: () => null,
  // The default wraps unknown marks in a span whose class is the mark's name: editor data in markup.
  unknownMark: ({ children }) => <>{children}</>,
}

/** A post's rich text. The components object is module-level so a re-render never remounts an embed. */
export function PostBody({ value }: { value: BlockContent }) {
  return (
    <div className="post-body">
      <PortableText value={value} components={postBodyComponents} onMissingComponent={false} />
    </div>
  )
}
