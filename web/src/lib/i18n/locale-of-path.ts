/** The language an address is in (ADR 193): kept here for the renders; the rule is in localized-path-contract.ts. */
export { localeOfPath } from './localized-path-contract'
