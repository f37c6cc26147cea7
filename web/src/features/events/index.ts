/** The events feature's public module: what other features may use (ADR 074). */
export { isPastEvent, placeLabel, type EventStatus } from './utils/event-rules'
