import { useState } from 'react'
import { useMessages, type Messages } from '../../../lib/i18n/messages'
import { useAreasIfLoaded } from '../api/get-areas'
import { nearestArea, type LocatedArea } from '../utils/nearest-area'
import './area-choice.css'

/** The choice's value for "Everywhere": the sign-up then sends no `areas` (docs/fan-site-rules.md §10). */
export const EVERYWHERE = ''

type Finding = 'idle' | Extract<keyof Messages['areas'], 'finding' | 'found' | 'none' | 'denied'>

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
  const { areas: words } = useMessages()
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
        {words.findNearest}
      </button>
      <span id={describedBy} className="area-choice__status" role="status">
        {finding === 'idle' ? '' : words[finding]}
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
  const { areas: words } = useMessages()
  const located = areas.some((area) => area.centre?.lat !== undefined && area.radiusKm)
  return (
    <div className="area-choice">
      <label htmlFor={`${id}-area`}>{words.label}</label>
      <div className="area-choice__row">
        <select
          id={`${id}-area`}
          name="area"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={EVERYWHERE}>{words.everywhere}</option>
          {areas.map((area) =>
            area.slug ? (
              <option key={area.slug} value={area.slug} lang={(area.name && area.nameLang) || undefined}>
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
