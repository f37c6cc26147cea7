/**
 * What the server shares with the shows feature (ADR 074): the show URLs its sitemap and calendar feeds link
 * to, and the rules that turn a show record into the show the page and the calendar both describe.
 */
export {
  areaFeedPath,
  PAST_SHOWS_PATH,
  SHOWS_FEED_PATH,
  UPCOMING_SHOWS_PATH,
  showPath,
  upcomingShowsPagePath,
} from './utils/show-paths'
export { addressLabel, toShow, type Show, type ShowRecord } from './utils/show-rules'
export { showName } from './utils/show-json-ld'
