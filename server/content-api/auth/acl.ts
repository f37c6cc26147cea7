import { can, type Principal } from '../engine'

export type Grant = { filter: string; permissions: string[] }

const EVERYTHING = '_id in path("**")'
const PUBLISHED = '!(_id in path("drafts.**"))'

/**
 * Dataset grants the Studio evaluates in the browser (with groq-js) to decide what is editable, derived from
 * the authorization table (engine/authorization.ts) so they say what the server enforces.
 */
export function grantsFor(principal: Principal): Grant[] {
  const write = can(principal, 'write')
  const history = can(principal, 'readHistory')
  const permissions = [
    'read',
    ...(write ? ['create', 'update'] : []),
    ...(history ? ['history'] : []),
    ...(write && history ? ['editHistory'] : []),
  ]
  return [{ filter: can(principal, 'readDrafts') ? EVERYTHING : PUBLISHED, permissions }]
}
