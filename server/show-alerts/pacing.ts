/**
 * Spaces starts at `perSecond`: each call waits for its slot. Slots are not saved up while idle, so a sender
 * that waited for work does not burst past the rate afterwards.
 */
export function createPacer(perSecond: number, sleep = defaultSleep) {
  const interval = 1000 / perSecond
  let next = 0
  return async function nextSlot(): Promise<void> {
    const now = performance.now()
    const slot = Math.max(now, next)
    next = slot + interval
    if (slot > now) await sleep(slot - now)
  }
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
