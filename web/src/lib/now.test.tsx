import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdServerNow, NowProvider, useNow } from './now'

// act() with hydrateRoot, outside Testing Library's render.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Year() {
  return <p>{useNow().getUTCFullYear()}</p>
}

const SERVER_NOW = Date.parse('2001-06-01T12:00:00Z')

describe('useNow across hydration', () => {
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('hydrates with the server instant, then follows the browser clock from a later task', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') })
    const app = (
      <NowProvider serverNow={SERVER_NOW}>
        <Year />
      </NowProvider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(app)
    document.body.append(container)
    const renders: string[] = []
    const observer = new MutationObserver(() => renders.push(container.textContent ?? ''))
    observer.observe(container, { subtree: true, characterData: true, childList: true })

    holdServerNow(SERVER_NOW)
    const errors = vi.spyOn(console, 'error')
    await act(async () => {
      hydrateRoot(container, app)
    })
    // Hydrated and its effects run: still the server's year, no mismatch, no second render yet.
    expect(container.textContent).toBe('2001')
    expect(renders).toEqual([])
    expect(errors).not.toHaveBeenCalled()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(container.textContent).toBe('2030')
    observer.disconnect()
  })
})
