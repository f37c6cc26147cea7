import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import { createHydrationHold } from './first-load/hydration-hold'

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
const listeners = new Set<() => void>()
const serverNowHeld = createHydrationHold<number>(() => listeners.forEach((l) => l()))

/** Called before hydration: until it has committed, the browser's "now" is the server's (first-load/hydration-hold.ts). */
export function holdServerNow(serverNow: number): void {
  serverNowHeld.hold(serverNow)
}

let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  serverNowHeld.releaseLater()
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
  const held = serverNowHeld.current()
  if (held) return held.value
  clientNow ??= Date.now()
  return clientNow
}

export function useNow(): Date {
  const serverNow = useContext(ServerNowContext)
  if (serverNow === null) throw new Error('useNow must be used inside <NowProvider>')
  const now = useSyncExternalStore(subscribe, getClientNow, () => serverNow)
  return new Date(now)
}
