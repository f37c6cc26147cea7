import { Link } from 'react-router'
import { useAreas } from '../../areas'
import { useMessages } from '../../../lib/i18n/messages'
import { upcomingShowsPagePath } from '../utils/show-paths'

/**
 * The tour by area: plain links (/shows?area=<slug>), each page cached on its own and crawlable, the chosen one
 * marked as the current page.
 */
export function AreaFilter({ area }: { area: string | null }) {
  const areas = useAreas()
  const { shows } = useMessages()
  if (areas.length === 0) return null
  const current = (slug: string | null) => (slug === area ? 'page' : undefined)
  return (
    <nav className="area-filter" aria-label={shows.byArea}>
      <ul className="area-filter__list">
        <li>
          <Link to={upcomingShowsPagePath(1)} aria-current={current(null)}>
            {shows.allAreas}
          </Link>
        </li>
        {areas.map((known) =>
          known.slug ? (
            <li key={known.slug}>
              <Link
                to={upcomingShowsPagePath(1, known.slug)}
                aria-current={current(known.slug)}
                lang={(known.name && known.nameLang) || undefined}
              >
                {known.name ?? known.slug}
              </Link>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  )
}

/** An area's name as the page shows it: `lang` is set when it is a stand-in in the other language. */
export type AreaName = { name: string; lang: string | null }

/** The name of the area a page lists, null for the whole tour (or an area that is gone). */
export function useAreaName(area: string | null): AreaName | null {
  const areas = useAreas()
  const known = area === null ? undefined : areas.find((candidate) => candidate.slug === area)
  return known?.name ? { name: known.name, lang: known.nameLang ?? null } : null
}
