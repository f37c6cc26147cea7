import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from '../../../lib/first-load/use-hydrated'
import { useIsDraftPage } from '../../../lib/preview/edit-target'
import { PROMO_MEDIA_QUERY } from '../utils/promo-rules'
import { TourPromo } from './tour-promo'

/** Arriving for something specific (a shared media item, the newsletter link) is not interrupted by the promo. */
const PURPOSEFUL_PARAMS = ['media', 'newsletter']

/** True from the first moment after hydration that the screen is at least 768 px wide. */
function useEverWide(): boolean {
  const hydrated = useHydrated()
  const [everWide, setEverWide] = useState(false)
  useEffect(() => {
    if (!hydrated || everWide) return
    const wide = window.matchMedia(PROMO_MEDIA_QUERY)
    const check = () => {
      if (wide.matches) setEverWide(true)
    }
    check()
    wide.addEventListener('change', check)
    return () => wide.removeEventListener('change', check)
  }, [hydrated, everWide])
  return everWide
}

/**
 * The tour promo (tour-promo.tsx) never shows below 768 px (docs/fan-site-rules.md §9): it starts the first
 * time the screen is wide enough, and its dialog's code loads only when it opens (ADR 130). A draft page never
 * starts it. Whether the visitor arrived with a purpose is read here, at hydration.
 */
export function TourPromoGate() {
  const { search } = useLocation()
  const [arrivedWithPurpose] = useState(() => {
    const params = new URLSearchParams(search)
    return PURPOSEFUL_PARAMS.some((name) => params.has(name))
  })
  const everWide = useEverWide()
  // A draft page is the Studio's preview, beside the band manager's form: the promo, which opens by itself only,
  // would take the keyboard from the form (issue 36, ADR 160).
  const draftPage = useIsDraftPage()
  if (!everWide || draftPage) return null
  return <TourPromo arrivedWithPurpose={arrivedWithPurpose} />
}
