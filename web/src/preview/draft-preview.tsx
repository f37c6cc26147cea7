/**
 * Everything a draft page (ADR 160) adds in the browser, in a chunk of its own that only a draft page loads
 * (hydrate-app.tsx): the click-to-edit attributes, Sanity's visual editing overlay and its link to the
 * Presentation tool around it. Public pages never fetch this file.
 */
import type { QueryClient } from '@tanstack/react-query'
import { enableVisualEditing, type HistoryAdapterNavigate } from '@sanity/visual-editing'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { APP_STATE_GLOBAL } from '../app/app-state'
import { invalidateByTags } from '../lib/live-updates'

export { createEditAttributes } from './edit-attributes'

/**
 * Sanity's overlay, and the two-way link between the Presentation tool's address bar and the site's router.
 * Draft edits arrive through the live stream (live-updates.ts over the draft proxy); the tool's refresh button
 * reads every content query again.
 */
export function PreviewBridge({ queryClient }: { queryClient: QueryClient }) {
  const routerNavigate = useNavigate()
  const navigateRef = useRef(routerNavigate)
  const [toolNavigate, setToolNavigate] = useState<HistoryAdapterNavigate>()
  const location = useLocation()

  useEffect(() => {
    navigateRef.current = routerNavigate
  }, [routerNavigate])

  useEffect(
    () =>
      enableVisualEditing({
        zIndex: 1000,
        refresh: (payload) => (payload.source === 'manual' ? invalidateByTags(queryClient) : false),
        history: {
          subscribe: (navigate) => {
            setToolNavigate(() => navigate)
            return () => setToolNavigate(undefined)
          },
          update: (update) => {
            if (update.type === 'pop') void navigateRef.current(-1)
            else void navigateRef.current(update.url, { replace: update.type === 'replace' })
          },
        },
        // Stega in a title, an attribute or a URL is a bug of ours: say so where tests and developers look. The
        // page's state script carries the draft data it hydrates with, stega and all, on purpose.
        onSuspiciousStega: (reports) => {
          const misplaced = reports.filter(
            (report) => !(report.kind === 'script' && report.value.startsWith(`window.${APP_STATE_GLOBAL}=`)),
          )
          if (misplaced.length > 0) console.error('Stega edit links where they do not belong:', misplaced)
        },
      }),
    [queryClient],
  )

  const url = `${location.pathname}${location.search}${location.hash}`
  useEffect(() => toolNavigate?.({ type: 'push', url }), [toolNavigate, url])
  return null
}
