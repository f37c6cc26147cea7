import { PlayIcon } from '@sanity/icons/Play'
import { defineField, defineType } from 'sanity'
import { validateYouTubeId } from '../validation'

/** A YouTube video inside a news post's body (embedded from youtube-nocookie.com on the site). */
export const youtubeEmbedType = defineType({
  name: 'youtubeEmbed',
  title: 'YouTube video',
  type: 'object',
  icon: PlayIcon,
  fields: [
    defineField({
      name: 'youtubeId',
      title: 'YouTube video id',
      type: 'string',
      description: 'The 11 characters after "v=" in the video URL, e.g. dQw4w9WgXcQ.',
      validation: (rule) => rule.required().custom(validateYouTubeId),
    }),
    defineField({ name: 'caption', type: 'string', description: 'Shown under the video.' }),
  ],
  preview: {
    select: { title: 'caption', subtitle: 'youtubeId' },
    prepare: ({ title, subtitle }) => ({ title: title || 'YouTube video', subtitle, media: PlayIcon }),
  },
})
