/**
 * What a draft page (ADR 160) adds to the app once it hydrates, in a chunk of its own that only a draft page
 * loads (hydrate-app.tsx): the click-to-edit attributes, and the app's side of Sanity's overlay, which the
 * browser entry started beside hydration (start-overlay.ts). Public pages never fetch this file.
 */
import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { invalidateByTags } from '../lib/live-updates'
import { connectApp, reportLocation } from './overlay-link'

export { createEditAttributes } from './edit-attributes'

/**
 * Hands the overlay the router and the query cache: the Presentation tool's address bar follows the site's
 * router and the other way round; its refresh button (and a perspective switch) reads every content query
 * again. Draft edits arrive through the live stream (live-updates.ts over the draft proxy).
 */
export function PreviewBridge({ queryClient }: { queryClient: QueryClient }) {
  const routerNavigate = useNavigate()
  const navigateRef = useRef(routerNavigate)
  const location = useLocation()

  useEffect(() => {
    navigateRef.current = routerNavigate
  }, [routerNavigate])

  useEffect(
    () =>
      connectApp({
        navigate: (url, { replace }) => void navigateRef.current(url, { replace }),
        back: () => void navigateRef.current(-1),
        refresh: () => invalidateByTags(queryClient),
      }),
    [queryClient],
  )

  const url = `${location.pathname}${location.search}${location.hash}`
  const reported = useRef(url)
  useEffect(() => {
    // The overlay told the tool the page's address when it connected; only moves after that are news.
    if (reported.current === url) return
    reported.current = url
    reportLocation(url)
  }, [url])
  return null
}
