/** docs/fan-site-rules.md §9: the tour popup is never shown on screens narrower than this. */
export const PROMO_MIN_WIDTH_PX = 768
export const PROMO_MEDIA_QUERY = `(min-width: ${PROMO_MIN_WIDTH_PX}px)`
export const PROMO_CLOSED_KEY = 'tourPromo:closed'

export type PromoLike = {
  enabled?: boolean | null
  event?: { startsAt?: string | null } | null
} | null

/** The promo runs while it is enabled and its show is still ahead (server "now" or the browser's clock). */
export function isPromoLive(promo: PromoLike, now: Date): boolean {
  if (!promo?.enabled || !promo.event?.startsAt) return false
  const startsAt = new Date(promo.event.startsAt).getTime()
  return Number.isFinite(startsAt) && startsAt > now.getTime()
}

/** Closed once: not shown again in this browser session. sessionStorage may be missing or throw. */
export const promoMemory = {
  wasClosed(storage: Pick<Storage, 'getItem'> | undefined = safeSession()): boolean {
    try {
      return storage?.getItem(PROMO_CLOSED_KEY) !== null && storage?.getItem(PROMO_CLOSED_KEY) !== undefined
    } catch {
      return false
    }
  },
  markClosed(storage: Pick<Storage, 'setItem'> | undefined = safeSession()): void {
    try {
      storage?.setItem(PROMO_CLOSED_KEY, new Date().toISOString())
    } catch {
      // Without storage the promo may show again on the next page load.
    }
  },
}

function safeSession(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}
