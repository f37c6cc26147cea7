import type { ShowPageData } from '../api/get-show'
import { CoverImage } from '../../../components/content/cover-image'
import { YouTubeFacade } from '../../../components/content/youtube-facade'
import { useEditAttributes } from '../../../lib/preview/edit-target'
import { useMessages } from '../../../lib/i18n/messages'
import { isYouTubeId } from '../../../lib/youtube-contract'

type MediaItem = NonNullable<ShowPageData['media']>[number]

function MediaFigure({ item }: { item: MediaItem }) {
  const caption = item.caption || item.alt || ''
  // Captions often name the photographer already; say it once.
  const credit = item.credit && !caption.includes(item.credit) ? item.credit : null
  const edit = useEditAttributes()
  const { shows } = useMessages()
  const youtubeId = item.kind === 'youtube' && isYouTubeId(item.youtubeId) ? item.youtubeId : null
  const media = youtubeId ? (
    <YouTubeFacade youtubeId={youtubeId} title={caption || shows.videoFromShow} />
  ) : (
    <CoverImage
      image={item.kind === 'image' ? { ...item.image, alt: item.alt } : { ...item.poster, alt: item.alt }}
      className="show-media__image"
      sizes="(min-width: 48rem) 22rem, 100vw"
      editTarget={{ id: item._id, type: 'mediaItem', path: item.kind === 'image' ? 'image' : 'poster' }}
    />
  )
  return (
    // A video's player has no image to mark: the figure opens the item's video id (its caption, with stega, is
    // found on its own).
    <figure
      className="show-media__item"
      {...(youtubeId ? edit({ id: item._id, type: 'mediaItem', path: 'youtubeId' }) : {})}
    >
      {media}
      {caption || credit ? (
        <figcaption>
          <span lang={(item.caption && item.captionLang) || undefined}>{caption}</span>
          {credit ? <span className="show-media__credit"> {credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  )
}

/** The show's photos and videos, as the editor listed them; references to deleted items are skipped. */
export function ShowMedia({ media }: { media: ShowPageData['media'] }) {
  const items = (media ?? []).filter((item): item is MediaItem => Boolean(item?._id))
  const { shows } = useMessages()
  if (items.length === 0) return null
  return (
    <section className="show-section" aria-labelledby="show-media-title">
      <h2 id="show-media-title">{shows.photosAndVideos}</h2>
      <div className="show-media">
        {items.map((item) => (
          <MediaFigure key={item._id} item={item} />
        ))}
      </div>
    </section>
  )
}
