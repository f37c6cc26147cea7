import { upcomingShowsQueryOptions } from '../../features/shows/api/get-upcoming-shows'
import { upcomingShowsPageCount } from '../../features/shows/utils/show-paths'
import { pagedShows } from './parts/paged-shows.server'

export const { values, loader } = pagedShows(upcomingShowsPageCount, upcomingShowsQueryOptions)
