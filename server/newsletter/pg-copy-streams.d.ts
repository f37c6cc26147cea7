// Minimal types for the part of pg-copy-streams the subscriber export uses (the package ships none).
declare module 'pg-copy-streams' {
  import type { Readable } from 'node:stream'
  import type { Submittable } from 'pg'
  /** `COPY ... TO STDOUT` as a stream of the bytes PostgreSQL sends, for `client.query`. */
  export function to(text: string): Readable & Submittable & { rowCount: number }
}
