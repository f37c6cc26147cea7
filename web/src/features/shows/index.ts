/** The shows feature's public module: what other features may use (ADR 074). */
export { PAST_SHOWS_PATH, SHOWS_FEED_PATH, UPCOMING_SHOWS_PATH, showPath } from './utils/show-paths'
export { TourCalendarLinks } from './components/calendar-links'
