import type { StructureResolver } from 'sanity/structure'
import { SINGLETONS } from '../singletons'

/**
 * The desk: the four singletons pinned at the top (each opens its one document at its fixed id), then
 * the lists of events (newest first), areas, media items and news posts.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...SINGLETONS.map(({ type, id, title }) =>
        S.listItem()
          .id(id)
          .title(title)
          .schemaType(type)
          .child(S.document().schemaType(type).documentId(id).title(title)),
      ),
      S.divider(),
      S.listItem()
        .id('event')
        .title('Events')
        .schemaType('event')
        .child(
          S.documentTypeList('event')
            .title('Events')
            .defaultOrdering([{ field: 'startsAt', direction: 'desc' }]),
        ),
      S.documentTypeListItem('area').title('Areas'),
      S.documentTypeListItem('mediaItem').title('Media items'),
      S.listItem()
        .id('newsPost')
        .title('News posts')
        .schemaType('newsPost')
        .child(
          S.documentTypeList('newsPost')
            .title('News posts')
            .defaultOrdering([{ field: 'publishedAt', direction: 'desc' }]),
        ),
    ])
