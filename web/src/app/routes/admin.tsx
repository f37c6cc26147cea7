import { lazy, Suspense } from 'react'
import { RouteFallback } from '../../components/route-fallback'
import { useHydrated } from '../../lib/first-load/use-hydrated'
import { APP_STATE_GLOBAL } from '../app-state'
import { usePublicConfig } from '../../lib/public-config-context'

/**
 * Loads the Studio's chunk. With the embedded backend, first: cloud-only requests and the Studio's socket answered
 * in the browser (cloud-only-requests.ts, ADR 102; studio-socket-stand-in.ts, ADR 103), and the sign-in hand-back finished (login-hand-back.ts: the Studio's own
 * swap races its first user check).
 */
async function loadAdminPage() {
  const content = window[APP_STATE_GLOBAL]?.config.content
  if (content?.backend === 'local') {
    const { answerCloudOnlyRequestsLocally } = await import('../../features/admin/cloud-only-requests')
    answerCloudOnlyRequestsLocally({ projectId: content.projectId })
    const { answerStudioSocketLocally } = await import('../../features/admin/studio-socket-stand-in')
    answerStudioSocketLocally({ projectId: content.projectId })
    const { exchangeLoginHandBack } = await import('../../features/admin/login-hand-back')
    await exchangeLoginHandBack({ projectId: content.projectId, apiBase: content.apiUrl })
  }
  const module = await import('../../features/admin/admin-page')
  return { default: module.AdminPage }
}

// `import.meta.env.SSR` is a build-time constant: the server bundle drops the dynamic import, so Sanity
// (which cannot render on the server and breaks Vite SSR, ADR 051) never reaches dist/server.
const AdminPage = import.meta.env.SSR ? () => null : lazy(loadAdminPage)

const fallback = <RouteFallback text="Loading admin panel..." />

/**
 * The admin panel is browser-only, so the server and the hydrating browser both render the loading
 * text, and the panel's chunk is requested after hydration. It renders outside the public site's layout.
 */
export function Page() {
  const { content } = usePublicConfig()
  if (!useHydrated()) return fallback
  return (
    <Suspense fallback={fallback}>
      <AdminPage content={content} />
    </Suspense>
  )
}

/** Browser-only, per visitor: never stored. */
export const cache = false
