import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Tooltip, TooltipGroup } from './tooltip'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip-radix'

describe('Tooltip', () => {
  it('uses the spec delays', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300])
  })

  // First: a page loads Radix once and keeps it (use-deferred-module.ts), so no test before this may load it.
  describe('on a device that cannot hover', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('loads Radix at the first input, not after hydration', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: query !== '(hover: hover)', media: query }))
      render(
        <TooltipGroup>
          <Tooltip content="Instagram">
            <a href="https://www.instagram.com/x" aria-label="Los Forasteros on Instagram">
              i
            </a>
          </Tooltip>
        </TooltipGroup>,
      )
      const link = screen.getByRole('link', { name: 'Los Forasteros on Instagram' })
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(link).not.toHaveAttribute('data-state')
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Los Forasteros on Instagram' })).toHaveAttribute(
          'data-state',
        ),
      )
    })
  })

  it('renders the trigger at once and shows the tooltip on focus once Radix has loaded (the pointer moved)', async () => {
    render(
      <TooltipGroup>
        <Tooltip content="Instagram">
          <a href="https://www.instagram.com/x" aria-label="Los Forasteros on Instagram">
            i
          </a>
        </Tooltip>
      </TooltipGroup>,
    )
    expect(screen.getByRole('link', { name: 'Los Forasteros on Instagram' })).toBeInTheDocument()
    window.dispatchEvent(new PointerEvent('pointermove'))
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Los Forasteros on Instagram' })).toHaveAttribute('data-state'),
    )
    await userEvent.tab()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Instagram')
  })
})
