import { useState } from 'react'
import { useAreasIfLoaded } from '../api/get-areas'
import { nearestArea, type LocatedArea } from '../utils/nearest-area'
import './area-choice.css'

/** The choice's value for "Everywhere": the sign-up then sends no `areas` (docs/fan-site-rules.md §10). */
export const EVERYWHERE = ''

type Finding = 'idle' | 'finding' | 'found' | 'none' | 'denied'

const FINDING_TEXT: Record<Finding, string> = {
  idle: '',
  finding: 'Finding your nearest area…',
  found: 'Chosen: your nearest area.',
  none: 'No area is near you yet: Everywhere it is.',
  denied: 'Your browser did not share where you are.',
}

/**
 * "Find my nearest area": the browser's position, compared with the areas' centres here (utils/nearest-area.ts);
 * the position itself never leaves the page.
 */
function NearestAreaButton({
  areas,
  onFound,
  describedBy,
}: {
  areas: LocatedArea[]
  onFound: (slug: string) => void
  describedBy: string
}) {
  const [finding, setFinding] = useState<Finding>('idle')
  if (typeof navigator === 'undefined' || !navigator.geolocation) return null
  const find = () => {
    setFinding('finding')
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const slug = nearestArea({ lat: coords.latitude, lng: coords.longitude }, areas)
        if (slug) onFound(slug)
        setFinding(slug ? 'found' : 'none')
      },
      () => setFinding('denied'),
      // A city-sized answer is enough, and the coarse one comes sooner.
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    )
  }
  return (
    <>
      <button
        type="button"
        className="area-choice__find"
        onClick={find}
        disabled={finding === 'finding'}
        aria-describedby={describedBy}
      >
        Find my nearest area
      </button>
      <span id={describedBy} className="area-choice__status" role="status">
        {FINDING_TEXT[finding]}
      </span>
    </>
  )
}

/**
 * The sign-up form's optional area (docs/fan-site-rules.md §10): "Everywhere" by default, else one area whose
 * new shows the fan hears of. Until the areas have loaded only "Everywhere" is offered.
 */
export function AreaChoice({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (slug: string) => void
}) {
  const areas = useAreasIfLoaded()
  const located = areas.some((area) => area.centre?.lat !== undefined && area.radiusKm)
  return (
    <div className="area-choice">
      <label htmlFor={`${id}-area`}>Shows near (optional)</label>
      <div className="area-choice__row">
        <select
          id={`${id}-area`}
          name="area"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={EVERYWHERE}>Everywhere</option>
          {areas.map((area) =>
            area.slug ? (
              <option key={area.slug} value={area.slug}>
                {area.name ?? area.slug}
              </option>
            ) : null,
          )}
        </select>
        {located ? (
          <NearestAreaButton
            areas={areas.flatMap((area) => (area.slug ? [{ ...area, slug: area.slug }] : []))}
            onFound={onChange}
            describedBy={`${id}-area-status`}
          />
        ) : null}
      </div>
    </div>
  )
}
