import type { Principal } from '../engine/principal'

export type Grant = { filter: string; permissions: string[] }

const EVERYTHING = '_id in path("**")'

/**
 * Dataset grants the Studio evaluates in the browser (with groq-js) to decide what is editable. They mirror
 * what the server enforces: editors and administrators write everything, viewers read (including drafts) and
 * see history, anonymous callers read published documents only.
 */
export function grantsFor(principal: Principal): Grant[] {
  if (principal.kind === 'anonymous') {
    return [{ filter: `!(_id in path("drafts.**"))`, permissions: ['read'] }]
  }
  if (principal.role === 'viewer') return [{ filter: EVERYTHING, permissions: ['read', 'history'] }]
  return [{ filter: EVERYTHING, permissions: ['read', 'create', 'update', 'history', 'editHistory'] }]
}
