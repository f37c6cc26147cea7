import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDeferredModule, type LoadWhen } from './use-deferred-module'

/** A fresh module per test (results are kept per load function), with a count of its loads. */
function deferredModule() {
  const load = vi.fn(() => Promise.resolve({ text: 'loaded' }))
  function Probe({ when }: { when: LoadWhen }) {
    return <p>{useDeferredModule(load, when)?.text ?? 'stand-in'}</p>
  }
  return { load, Probe }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('useDeferredModule', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('renders the stand-in until the first input, then loads the module once', async () => {
    const { load, Probe } = deferredModule()
    render(<Probe when="first-input" />)
    await settle()
    expect(screen.getByText('stand-in')).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()

    fireEvent.pointerDown(window)
    expect(await screen.findByText('loaded')).toBeInTheDocument()
    fireEvent.keyDown(window, { key: 'a' })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads at once with `now`, and a later mount renders the loaded module without loading again', async () => {
    const { load, Probe } = deferredModule()
    const first = render(<Probe when="now" />)
    expect(await screen.findByText('loaded')).toBeInTheDocument()
    first.unmount()
    render(<Probe when="first-input" />)
    expect(screen.getByText('loaded')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads hover-only help when the pointer first moves where it can hover, at the first input where it cannot', async () => {
    const hover = deferredModule()
    render(<hover.Probe when="first-hover-or-input" />)
    await settle()
    expect(hover.load).not.toHaveBeenCalled()
    fireEvent.pointerMove(window)
    expect(await screen.findByText('loaded')).toBeInTheDocument()

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query !== '(hover: hover)', media: query }))
    const touch = deferredModule()
    render(<touch.Probe when="first-hover-or-input" />)
    await settle()
    fireEvent.pointerMove(window)
    await settle()
    expect(touch.load).not.toHaveBeenCalled()
    fireEvent.touchStart(window)
    await settle()
    expect(touch.load).toHaveBeenCalledTimes(1)
  })

  it('keeps the stand-in when the module fails to load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    function Probe() {
      return <p>{useDeferredModule(load, 'now') ? 'loaded' : 'stand-in'}</p>
    }
    render(<Probe />)
    await settle()
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByText('stand-in')).toBeInTheDocument()
  })
})
