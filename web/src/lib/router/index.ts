/**
 * The project's router: the part of React Router's API this site uses (ADR 130), in about 2 KB instead of
 * React Router's 13.5 KB gzip. Routes keep React Router's `RouteObject` shape, because the server still runs
 * their loaders through React Router's static handler (`entry-server.tsx`); the browser bundle imports only
 * its types.
 */
export { BrowserRouter } from './browser-router'
export { Link } from './link'
export { matchRoutes, type RouteMatch, type RouteParams } from './match-routes'
export type { RouterLocation as Location, To } from './path'
export {
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type NavigateFunction,
  type NavigateOptions,
} from './router-context'
export { StaticRouter } from './static-router'
export { Outlet, useRoutes } from './use-routes'
export type { LoaderFunctionArgs, RouteObject } from 'react-router'
