/** Sanity's documented limits on one release (ADR 180): how many documents, and their JSON together. */
export const MAX_RELEASE_DOCUMENTS = 1000
export const MAX_RELEASE_BYTES = 100 * 1024 * 1024
