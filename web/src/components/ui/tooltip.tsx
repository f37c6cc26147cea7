import { createContext, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react'
import { onFirstInteraction } from '../../lib/on-first-interaction'
import { useHydrated } from '../../lib/use-hydrated'
import type * as TooltipRadix from './tooltip-radix'

type TooltipModule = typeof TooltipRadix

const TooltipModuleContext = createContext<TooltipModule | null>(null)

/**
 * Tooltips are an enhancement for pointer users (every trigger has its own accessible name), so Radix Tooltip
 * is not in the first-load bundle: a group renders its children plainly, loads Radix after hydration and then
 * wraps them in one provider (700 ms delay, 300 ms skip delay; docs/fan-site-rules.md §9). A device whose pointer cannot hover (a phone)
 * only needs them for keyboard focus: it fetches Radix at the first input instead (ADR 130).
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  const [module, setModule] = useState<TooltipModule | null>(null)

  useEffect(() => {
    if (!hydrated) return
    let live = true
    const load = () => {
      import('./tooltip-radix').then(
        (loaded) => live && setModule(loaded),
        () => {}, // Without tooltips the links still work and keep their names.
      )
    }
    const canHover = window.matchMedia?.('(hover: hover)').matches ?? true
    const cancel = canHover ? (load(), () => {}) : onFirstInteraction(load)
    return () => {
      live = false
      cancel()
    }
  }, [hydrated])

  return (
    <TooltipModuleContext.Provider value={module}>
      {module ? <module.TooltipProvider>{children}</module.TooltipProvider> : children}
    </TooltipModuleContext.Provider>
  )
}

/** Shows `content` on hover and focus once Radix has loaded; `children` must be one element that takes a ref. */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  const module = useContext(TooltipModuleContext)
  if (!module) return children
  return <module.RadixTooltip content={content}>{children}</module.RadixTooltip>
}
