import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'

/**
 * "Now" for rules like past/upcoming shows. The server renders with its clock (pinned by TEST_NOW in tests)
 * and hands that instant to the browser, which hydrates with it and then follows its own clock, updated once
 * a minute. So both renders agree, and an open page still moves a show to "past" when its day is over.
 */
const ServerNowContext = createContext<number | null>(null)

export function NowProvider({ serverNow, children }: { serverNow: number; children: ReactNode }) {
  return <ServerNowContext.Provider value={serverNow}>{children}</ServerNowContext.Provider>
}

const TICK_MS = 60_000
let clientNow: number | null = null
/** The server's instant while the page hydrates (holdServerNow), else null. */
let heldNow: number | null = null
const listeners = new Set<() => void>()

/**
 * Called before hydration: until it has committed, the browser's "now" is the server's. A store whose snapshot
 * differs from the server's right after hydration makes React render its readers again synchronously, inside
 * the task that runs the hydrated page's effects (one of the long tasks after the first paint on `/`, ADR 130);
 * the browser's clock then takes over in a task of its own, after the first reader has subscribed (in those
 * effects).
 */
export function holdServerNow(serverNow: number): void {
  heldNow = serverNow
}

function releaseServerNow() {
  if (heldNow === null) return
  heldNow = null
  listeners.forEach((l) => l())
}
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (heldNow !== null) setTimeout(releaseServerNow)
  if (!timer) {
    timer = setInterval(() => {
      clientNow = Date.now()
      listeners.forEach((l) => l())
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

function getClientNow(): number {
  if (heldNow !== null) return heldNow
  clientNow ??= Date.now()
  return clientNow
}

export function useNow(): Date {
  const serverNow = useContext(ServerNowContext)
  if (serverNow === null) throw new Error('useNow must be used inside <NowProvider>')
  const now = useSyncExternalStore(subscribe, getClientNow, () => serverNow)
  return new Date(now)
}
