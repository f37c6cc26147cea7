import { createContext, useContext, type ReactElement, type ReactNode } from 'react'
import { useDeferredModule } from '../../lib/first-load/use-deferred-module'

const loadTooltipRadix = () => import('./tooltip-radix')
type TooltipModule = Awaited<ReturnType<typeof loadTooltipRadix>>

const TooltipModuleContext = createContext<TooltipModule | null>(null)

/**
 * Tooltips are an enhancement for pointer users (every trigger has its own accessible name), so Radix Tooltip
 * is not in the first-load bundle: a group renders its children plainly, loads Radix when the pointer first
 * moves (or at the first input: keyboard focus shows them too) and then wraps them in one provider (700 ms
 * delay, 300 ms skip delay; docs/fan-site-rules.md §9). A phone's pointer cannot hover: it loads them at the
 * first input (ADR 130).
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  // Without tooltips (not loaded yet, or failed) the links still work and keep their names.
  const module = useDeferredModule(loadTooltipRadix, 'first-hover-or-input')

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
