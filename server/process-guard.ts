import type { Logger } from './logger'

/**
 * The second line of defence (ADR 080): an error that escapes every handler must not take the site down.
 * Each request's errors are handled where they happen (query limits, body limits, the error handlers); what
 * reaches here is a bug or a library leaving a rejected promise behind. A stray rejection leaves no state half
 * changed, so it is logged and the server keeps serving. An uncaught exception is logged too and the server
 * keeps serving unless it keeps happening: more than `maxUncaught` within a minute means something is broken
 * for good, and exiting (for a supervisor to restart) is safer than limping on.
 */
export function installProcessGuard(
  logger: Logger,
  { maxUncaught = 10 }: { maxUncaught?: number } = {},
): void {
  let recent: number[] = []
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (kept serving)')
  })
  process.on('uncaughtException', (error, origin) => {
    const now = Date.now()
    recent = [...recent.filter((at) => now - at < 60_000), now]
    if (recent.length > maxUncaught) {
      logger.fatal({ err: error, origin }, `${recent.length} uncaught exceptions within a minute; exiting`)
      process.exit(1)
    }
    logger.error({ err: error, origin }, 'uncaught exception (kept serving)')
  })
}
