/**
 * The Presentation tool's Drafts / Published switch as the site and its server agree on it (ADR 160): what a
 * draft session's pages show, and where the page tells the server that the tool switched.
 */

/** Drafts over the published documents (the default), or the published documents alone. */
export type PreviewPerspective = 'drafts' | 'published'

/** Where a draft page sends `{perspective}` (PUT, JSON) when the tool switches (server/preview/preview-router.ts). */
export const PREVIEW_PERSPECTIVE_PATH = '/api/preview/perspective'

/**
 * What the site shows for a perspective the tool names (a string, a comma list or a release stack): published
 * for `published`, drafts for everything else (releases show as drafts; the site has no release views).
 */
export function previewPerspectiveOf(value: unknown): PreviewPerspective {
  return value === 'published' ? 'published' : 'drafts'
}
