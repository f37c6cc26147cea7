import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute'
import type { ContentConfig } from '../config/public-config'
import type { EditAttributes } from '../lib/preview/edit-target'
import { STUDIO_PATH } from '../lib/preview/preview-contract'

/** `data-sanity` attributes for values that carry no stega: dates, images, statuses (issue 28). */
export function createEditAttributes(content: Pick<ContentConfig, 'projectId' | 'dataset'>): EditAttributes {
  return ({ id, type, path }) => ({
    'data-sanity': createDataAttribute({
      projectId: content.projectId,
      dataset: content.dataset,
      baseUrl: STUDIO_PATH,
      id,
      type,
      path,
    }).toString(),
  })
}
