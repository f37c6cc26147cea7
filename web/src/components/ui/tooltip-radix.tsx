import * as RadixTooltipPrimitive from '@radix-ui/react-tooltip'
import type { ReactElement, ReactNode } from 'react'
import './tooltip.css'

export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </RadixTooltipPrimitive.Provider>
  )
}

export function RadixTooltip({ content, children }: { content: string; children: ReactElement }) {
  return (
    <RadixTooltipPrimitive.Root>
      <RadixTooltipPrimitive.Trigger asChild>{children}</RadixTooltipPrimitive.Trigger>
      <RadixTooltipPrimitive.Portal>
        <RadixTooltipPrimitive.Content className="tooltip" sideOffset={6}>
          {content}
          <RadixTooltipPrimitive.Arrow className="tooltip__arrow" />
        </RadixTooltipPrimitive.Content>
      </RadixTooltipPrimitive.Portal>
    </RadixTooltipPrimitive.Root>
  )
}
