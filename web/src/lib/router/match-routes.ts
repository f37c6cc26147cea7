import type { RouteObject } from 'react-router'

export type RouteParams = Record<string, string | undefined>
export type RouteMatch = { route: RouteObject; params: RouteParams }

type Branch = { segments: string[]; score: number; routes: RouteObject[] }

const PARAM = /^:[\w-]+$/

/**
 * React Router's ranking (static segment 10, dynamic 3, empty 1, index +2, splat -2, one point per segment),
 * so this matcher picks the same route as the server's static handler, which runs the loaders
 * (`match-routes.test.ts` compares both).
 */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0) + (segments.includes('*') ? -2 : 0)
  for (const segment of segments) {
    if (segment === '*') continue
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10
  }
  return score
}

function flatten(routes: RouteObject[], parentPath: string, parents: RouteObject[], out: Branch[]) {
  for (const route of routes) {
    const path = route.path?.startsWith('/')
      ? route.path
      : [parentPath, route.path ?? ''].join('/').replace(/\/\/+/g, '/')
    const chain = [...parents, route]
    if (route.children?.length) flatten(route.children, path, chain, out)
    // A pathless layout route only matches through its children.
    if (route.path === undefined && !route.index) continue
    out.push({
      segments: path.split('/').filter(Boolean),
      score: scoreOf(path.split('/'), route.index === true),
      routes: chain,
    })
  }
  return out
}

/** The branch's params when it matches the whole pathname (case-insensitive, trailing slashes allowed). */
function matchBranch(branch: Branch, parts: string[]): RouteParams | null {
  const params: RouteParams = {}
  const pattern = branch.segments
  for (const [i, segment] of pattern.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/')
      return params
    }
    const part = parts[i]
    if (part === undefined) return null
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part)
    else if (segment.toLowerCase() !== safeDecode(part).toLowerCase()) return null
  }
  return parts.length === pattern.length ? params : null
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

const tables = new WeakMap<RouteObject[], Branch[]>()

/** The routes a pathname renders, root to leaf, or null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = tables.get(routes)
  if (!branches) {
    // Stable sort: equal scores keep the table's order.
    branches = flatten(routes, '', [], []).sort((a, b) => b.score - a.score)
    tables.set(routes, branches)
  }
  const parts = pathname.split('/').filter(Boolean)
  for (const branch of branches) {
    const params = matchBranch(branch, parts)
    if (params) return branch.routes.map((route) => ({ route, params }))
  }
  return null
}
