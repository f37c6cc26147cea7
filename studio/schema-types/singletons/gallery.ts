import { ImagesIcon } from '@sanity/icons/Images'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { validateUniqueReferences } from '../validation'

/** The media grid: the drag-and-drop order of `items` is the order on the site. */
export const galleryType = defineType({
  name: 'gallery',
  title: 'Gallery',
  type: 'document',
  icon: ImagesIcon,
  fields: [
    defineField({
      name: 'items',
      type: 'array',
      description:
        'Drag to reorder; the site shows the items in this order. Add new media items here to show them.',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'mediaItem' }] })],
      validation: (rule) => rule.custom(validateUniqueReferences),
    }),
  ],
  preview: {
    select: { items: 'items' },
    prepare: ({ items }) => ({
      title: 'Gallery',
      subtitle: `${(items as unknown[] | undefined)?.length ?? 0} items`,
    }),
  },
})
