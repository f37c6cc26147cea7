import type { Role } from '../engine'

export const ROLE_TITLES: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  viewer: 'Viewer',
}

export const ROLES = Object.keys(ROLE_TITLES) as Role[]

/** Sanity's `roles` array: the Studio checks `roles[].name === 'administrator'` for a few admin-only UI bits. */
export function rolesOf(role: Role): { name: Role; title: string }[] {
  return [{ name: role, title: ROLE_TITLES[role] }]
}
