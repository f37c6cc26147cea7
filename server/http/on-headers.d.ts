// Types for on-headers (the package ships none; compression uses it the same way).
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http'
  /** Calls `listener` once, just before the response's head is written (by `writeHead` or the first write). */
  export default function onHeaders<T extends ServerResponse>(res: T, listener: (this: T) => void): void
}
