import { showArchiveQueryOptions } from '../../features/shows/api/get-show-archive'
import { pastShowsPageCount } from '../../features/shows/utils/show-paths'
import { pagedShows } from './parts/paged-shows.server'

export const { values, loader } = pagedShows(pastShowsPageCount, showArchiveQueryOptions)
