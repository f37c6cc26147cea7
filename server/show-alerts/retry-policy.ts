/** When a failed alert is tried again: doubling from `baseMs`, at most `maxMs`. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * An SMTP answer that will not change on retry (5xx: no such mailbox, refused): the alert is given up at once.
 * Connection errors and 4xx (greylisting, try later) are retried.
 */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}
