import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VisualEditingOptions } from '@sanity/visual-editing'
import { APP_STATE_GLOBAL, type AppState } from '../app/app-state'
import { PREVIEW_PERSPECTIVE_PATH } from '../lib/preview/preview-contract'

const enableVisualEditing = vi.fn<(options: VisualEditingOptions) => () => void>(() => () => {})
vi.mock('@sanity/visual-editing', () => ({ enableVisualEditing }))

/** The Presentation tool's perspective switch, as the overlay hands it to the page (ADR 160). */
describe('startOverlay', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.resetModules()
    enableVisualEditing.mockClear()
    fetchMock.mockReset()
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  async function start(previewPerspective: AppState['previewPerspective']) {
    window[APP_STATE_GLOBAL] = { draftMode: true, previewPerspective } as AppState
    const { connectApp } = await import('./overlay-link')
    const refresh = vi.fn(() => Promise.resolve())
    connectApp({ navigate: () => {}, back: () => {}, refresh })
    // A draft page's module starts the overlay as it is evaluated, once.
    const { startOverlay } = await import('./start-overlay')
    void startOverlay()
    expect(enableVisualEditing).toHaveBeenCalledTimes(1)
    const options = enableVisualEditing.mock.calls[0]![0]
    const switchTo = async (perspective: unknown) => {
      options.onPerspectiveChange?.(perspective as never)
      // The PUT's answer, then the refresh.
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve))
    }
    return { switchTo, refresh }
  }

  it("starts by itself on a draft page in the Presentation tool's window, never on one outside it", async () => {
    window[APP_STATE_GLOBAL] = { draftMode: true } as AppState
    // A tab of its own (the Studio's window, issue 36): not framed, opened by no one.
    await import('./start-overlay')
    expect(enableVisualEditing).not.toHaveBeenCalled()

    vi.resetModules()
    vi.stubGlobal('opener', {})
    await import('./start-overlay')
    expect(enableVisualEditing).toHaveBeenCalledTimes(1)
  })

  it('tells the server and reads the content again when the tool switches, not when it repeats itself', async () => {
    const { switchTo, refresh } = await start('drafts')
    // On connect the tool says what it shows, which the page already shows.
    await switchTo('drafts')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(refresh).not.toHaveBeenCalled()

    await switchTo('published')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [path, init] = fetchMock.mock.calls[0]!
    expect(path).toBe(PREVIEW_PERSPECTIVE_PATH)
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ perspective: 'published' }) })
    expect(refresh).toHaveBeenCalledTimes(1)

    // A release stack is passed on as the stack; the same stack again is no switch.
    await switchTo(['rSpring', 'drafts'])
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
      perspective: ['rSpring', 'drafts'],
    })
    expect(refresh).toHaveBeenCalledTimes(2)
    await switchTo(['rSpring', 'drafts'])
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await switchTo('drafts')
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]!.body))).toEqual({ perspective: 'drafts' })
    expect(refresh).toHaveBeenCalledTimes(3)
  })

  it('starts from the perspective the server rendered, and keeps it when the server refuses', async () => {
    const { switchTo, refresh } = await start('published')
    await switchTo('published')
    expect(fetchMock).not.toHaveBeenCalled()

    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }))
    await switchTo('drafts')
    expect(refresh).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/could not switch to drafts: 401/))
    error.mockRestore()
  })
})
