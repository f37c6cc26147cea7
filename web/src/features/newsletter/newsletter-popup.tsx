import { lazy, Suspense, useEffect } from 'react'
import { resolvePopupSettings, type PopupSettingsDocument } from './popup-settings'
import { usePopupTriggers } from './use-popup-triggers'

const loadDialog = () => import('./newsletter-dialog')
const NewsletterDialog = lazy(() => loadDialog().then((module) => ({ default: module.NewsletterDialog })))

/**
 * The newsletter popup (spec §2, §4, §5): mounted once in the site layout. `settings` is the CMS's
 * `newsletterPopup` document; anything missing falls back to the spec's values. The triggers live here; the
 * dialog's code is fetched while the browser is idle and rendered from the first open on.
 */
export function NewsletterPopup({ settings: doc }: { settings?: PopupSettingsDocument }) {
  const settings = resolvePopupSettings(doc)
  const { open, setOpen, activated } = usePopupTriggers(settings)

  useEffect(() => {
    // Warm the chunk so the first open shows at once; nothing of it runs until then.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000))
    const handle = idle(() => void loadDialog())
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle)
  }, [])

  if (!activated) return null
  return (
    <Suspense fallback={null}>
      <NewsletterDialog settings={settings} open={open} setOpen={setOpen} />
    </Suspense>
  )
}
