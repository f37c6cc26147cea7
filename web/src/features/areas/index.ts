/** The areas feature's public module: what other features may use (ADR 074). */
export { areasQueryOptions, useAreas, type AreaRecord } from './api/get-areas'
export { AreaChoice, EVERYWHERE } from './components/area-choice'
