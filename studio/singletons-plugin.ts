import { definePlugin, type DocumentActionComponent } from 'sanity'
import { isSingletonType } from './singletons'

/**
 * Actions that would make a second copy of a singleton or remove it from the site. Unpublish is in the
 * list because an unpublished singleton makes the site fall back to empty copy, like a delete would.
 */
const REMOVED_SINGLETON_ACTIONS = new Set(['duplicate', 'delete', 'unpublish'])

export function singletonActions(
  actions: DocumentActionComponent[],
  schemaType: string,
): DocumentActionComponent[] {
  if (!isSingletonType(schemaType)) return actions
  return actions.filter((action) => !action.action || !REMOVED_SINGLETON_ACTIONS.has(action.action))
}

/**
 * Singletons live at fixed ids pinned in the desk structure: they cannot be created from the "Create"
 * menus, duplicated or deleted (the pattern of Sanity's own templates).
 */
export const singletonsPlugin = definePlugin({
  name: 'site-singletons',
  document: {
    actions: (prev, { schemaType }) => singletonActions(prev, schemaType),
    newDocumentOptions: (prev) => prev.filter((item) => !isSingletonType(item.templateId)),
  },
})
