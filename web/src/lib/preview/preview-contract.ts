/**
 * The draft preview as the Studio, the site and its server agree on it (ADR 160): where the Studio is, the
 * routes of draft mode, and what a draft session's pages show (the Presentation tool's perspective switch).
 * Values only, no imports: the Studio may import it (ADR 074).
 */

/** Where the Studio is served: the overlay and the stega edit links open documents there. */
export const STUDIO_PATH = '/admin'

/** Whether a path is the Studio's (`/admin` and below), never a site page. */
export function isStudioPath(path: string): boolean {
  return path === STUDIO_PATH || path.startsWith(`${STUDIO_PATH}/`)
}

/** Where draft mode's routes are mounted (server/preview/preview-router.ts). */
export const PREVIEW_MOUNT_PATH = '/api/preview'

/** Where the Presentation tool turns draft mode on and off in its frame (studio/presentation.ts). */
export const PREVIEW_MODE = {
  enable: `${PREVIEW_MOUNT_PATH}/enable`,
  disable: `${PREVIEW_MOUNT_PATH}/disable`,
} as const

/** The browser's content API address in draft mode: the server's proxy with its token. */
export const PREVIEW_CONTENT_PATH = `${PREVIEW_MOUNT_PATH}/content`

/**
 * Drafts over the published documents (the default), the published documents alone, or a release stack: the
 * versions of one or more releases over the drafts, as the Studio stacks a release it previews
 * (`['rTour', 'drafts']`, the release first and `drafts` last).
 */
export type PreviewPerspective = 'drafts' | 'published' | ReleaseStack

/** Release names, most important first, then `drafts`. */
export type ReleaseStack = readonly string[]

/** Where a draft page sends `{perspective}` (PUT, JSON) when the tool switches (server/preview/preview-router.ts). */
export const PREVIEW_PERSPECTIVE_PATH = `${PREVIEW_MOUNT_PATH}/perspective`

/** A release name as the content API accepts it in a perspective (`versions.<name>.<id>`): no dots, no commas. */
const RELEASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** Perspective names that are not releases. */
const RESERVED = new Set(['drafts', 'published', 'raw', 'previewDrafts'])

/** More releases than the Studio stacks in practice; a bound on what a session may name. */
export const MAX_STACKED_RELEASES = 20

/**
 * What the site shows for a perspective the tool names (a string, a comma list or an array): published for
 * `published`, the named releases over drafts for a release stack, drafts for everything else (including a stack
 * whose names are not release names).
 */
export function previewPerspectiveOf(value: unknown): PreviewPerspective {
  if (value === 'published') return 'published'
  const names: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  const releases = names.filter(
    (name): name is string => typeof name === 'string' && !RESERVED.has(name) && RELEASE_NAME.test(name),
  )
  if (releases.length === 0 || releases.length > MAX_STACKED_RELEASES) return 'drafts'
  return [...new Set(releases), 'drafts']
}

/** One string per perspective (`drafts`, `published`, `rTour,drafts`): the content API's `perspective` value. */
export function perspectiveKey(perspective: PreviewPerspective): string {
  return typeof perspective === 'string' ? perspective : perspective.join(',')
}
