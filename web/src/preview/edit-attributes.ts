import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute'
import type { ContentConfig } from '../config/public-config'
import type { EditAttributes } from '../lib/preview/edit-target'

/** The Studio's address, which the overlay opens documents in (server/preview/draft-reads.ts, the same). */
export const STUDIO_URL = '/admin'

/** `data-sanity` attributes for values that carry no stega: dates, images, statuses (issue 28). */
export function createEditAttributes(content: Pick<ContentConfig, 'projectId' | 'dataset'>): EditAttributes {
  return ({ id, type, path }) => ({
    'data-sanity': createDataAttribute({
      projectId: content.projectId,
      dataset: content.dataset,
      baseUrl: STUDIO_URL,
      id,
      type,
      path,
    }).toString(),
  })
}
