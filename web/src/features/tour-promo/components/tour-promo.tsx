import { lazy, Suspense, useEffect, useState } from 'react'
import { trackEvent } from '../../../lib/analytics'
import { dialogStack, useDialogStackEntry } from '../../../lib/dialog/dialog-stack'
import { useNow } from '../../../lib/now'
import { useHydrated } from '../../../lib/first-load/use-hydrated'
import { useTourPromo } from '../api/get-tour-promo'
import { isPromoLive, PROMO_MEDIA_QUERY, promoMemory } from '../utils/promo-rules'

const TourPromoDialog = lazy(() =>
  import('./tour-promo-dialog').then((module) => ({ default: module.TourPromoDialog })),
)

/**
 * Decides when the tour promo popup shows (docs/fan-site-rules.md §2, §4; ADR 072): only in the browser after hydration, on screens
 * at least 768 px wide, while the promo is enabled and its show is upcoming, once per session (until closed),
 * not when the visitor `arrivedWithPurpose` (tour-promo-gate.tsx), and never on top of another dialog. The
 * dialog's code loads only then.
 */
export function TourPromo({ arrivedWithPurpose }: { arrivedWithPurpose: boolean }) {
  const promo = useTourPromo()
  const now = useNow()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const live = hydrated && isPromoLive(promo, now)
  // Registered here rather than in the lazy dialog, so the stack knows while its code loads. A gallery item the
  // address asks for (Back, Forward) dismisses it as if closed (ADR 072).
  useDialogStackEntry('tour-promo', open, () => {
    promoMemory.markClosed()
    setOpen(false)
  })

  useEffect(() => {
    if (!live || arrivedWithPurpose || promoMemory.wasClosed()) return
    const wide = window.matchMedia(PROMO_MEDIA_QUERY)
    if (!wide.matches) return
    const cancel = dialogStack.whenClear(() => setOpen(true))
    // Narrowed below 768 px while open: hide it (not "closed": it may show again when wide).
    const onChange = () => {
      if (!wide.matches) setOpen(false)
    }
    wide.addEventListener('change', onChange)
    return () => {
      cancel()
      wide.removeEventListener('change', onChange)
    }
  }, [live, arrivedWithPurpose])

  if (!open || !promo) return null
  return (
    <Suspense fallback={null}>
      <TourPromoDialog
        promo={promo}
        onClose={() => {
          promoMemory.markClosed()
          trackEvent('tour_promo_closed')
          setOpen(false)
        }}
      />
    </Suspense>
  )
}
