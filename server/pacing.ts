/**
 * Spaces work at `perSecond` units: each call waits for its slot, then holds the time its `units` take at that
 * rate (a mail is one unit; a chunk of a download, its bytes). Slots are not saved up while idle, so work that
 * waited for something else (new mail, a slow client) does not burst past the rate afterwards.
 */
export function createPacer(perSecond: number, sleep = defaultSleep) {
  const interval = 1000 / perSecond
  let next = 0
  return async function nextSlot(units = 1): Promise<void> {
    const now = performance.now()
    const slot = Math.max(now, next)
    next = slot + units * interval
    if (slot > now) await sleep(slot - now)
  }
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
