import { ImageIcon } from '@sanity/icons/Image'
import { PlayIcon } from '@sanity/icons/Play'
import { VideoIcon } from '@sanity/icons/Video'
import { defineField, defineType } from 'sanity'
import { choiceField, slugField } from '../fields'
import { localeField } from '../objects/locale-fields'
import { validateAlt, validateCredit, validateMediaSource, validateYouTubeId } from '../validation'

export const MEDIA_KINDS = [
  { title: 'YouTube video', value: 'youtube' },
  { title: 'Photo', value: 'image' },
  { title: 'Video file', value: 'video' },
] as const

type MediaKind = (typeof MEDIA_KINDS)[number]['value']

const kindOf = (document: unknown) => (document as { kind?: MediaKind } | undefined)?.kind

export function mediaPreviewSubtitle(kind?: string, slug?: string): string {
  const title = MEDIA_KINDS.find((k) => k.value === kind)?.title ?? 'No kind yet'
  return slug ? `${title} · ${slug}` : title
}

/** A tile of the media gallery: a YouTube video, a photo or a video file, with caption and credit. */
export const mediaItemType = defineType({
  name: 'mediaItem',
  title: 'Media item',
  type: 'document',
  icon: ImageIcon,
  fields: [
    choiceField({
      name: 'kind',
      description: 'What the tile opens in the gallery.',
      list: MEDIA_KINDS,
      initialValue: 'image',
    }),
    localeField({
      name: 'caption',
      type: 'localeString',
      description: 'Shown under the item in the gallery overlay.',
      max: 200,
    }),
    slugField({
      description: 'Appears in share links (?media=slug); keep it once the item is published.',
      source: 'caption.en',
    }),
    defineField({
      name: 'youtubeId',
      title: 'YouTube video id',
      type: 'string',
      description: 'The 11 characters after "v=" in the video URL, e.g. dQw4w9WgXcQ.',
      hidden: ({ document }) => kindOf(document) !== 'youtube',
      validation: (rule) => rule.custom(validateYouTubeId),
    }),
    defineField({
      name: 'image',
      type: 'image',
      description: 'The photo. Set the hotspot so the square thumbnail keeps the important part.',
      options: { hotspot: true },
      hidden: ({ document }) => kindOf(document) !== 'image',
    }),
    defineField({
      name: 'videoFile',
      title: 'Video file',
      type: 'file',
      description: 'An MP4 (H.264) file; keep it short and small.',
      options: { accept: 'video/mp4,video/webm' },
      hidden: ({ document }) => kindOf(document) !== 'video',
    }),
    defineField({
      name: 'poster',
      type: 'image',
      description:
        'Thumbnail for videos. YouTube items without one use YouTube’s own thumbnail; video files need one.',
      options: { hotspot: true },
      hidden: ({ document }) => kindOf(document) === 'image',
      validation: (rule) =>
        rule.custom((value, context) =>
          kindOf(context.document) === 'video' && !value ? 'A video file needs a poster image' : true,
        ),
    }),
    defineField({
      name: 'credit',
      type: 'string',
      description:
        'Photographer or videographer, e.g. "Photo: Ana Ruiz". Required for photos and video files.',
      validation: (rule) => rule.custom((value, context) => validateCredit(value, context.document)),
    }),
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'localeString',
      description: 'What the picture shows, for screen readers. Required for photos.',
      validation: (rule) =>
        rule.custom((value, context) =>
          validateAlt((value as { en?: unknown } | undefined)?.en, kindOf(context.document) === 'image'),
        ),
    }),
  ],
  validation: (rule) => rule.custom((document) => validateMediaSource(document)),
  preview: {
    select: { caption: 'caption.en', kind: 'kind', slug: 'slug.current', image: 'image', poster: 'poster' },
    prepare: ({ caption, kind, slug, image, poster }) => ({
      title: caption || slug || 'Untitled media item',
      subtitle: mediaPreviewSubtitle(kind, slug),
      media: image?.asset
        ? image
        : poster?.asset
          ? poster
          : kind === 'image'
            ? ImageIcon
            : kind === 'video'
              ? VideoIcon
              : PlayIcon,
    }),
  },
})
