import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CONTENT_CONFIG } from '../../../config/public-config'
import { ContentProvider } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { installDialogPolyfill } from '../../../testing/dialog-polyfill'
import { CATALOGUES, withI18n } from '../../../testing/with-i18n'
import type { GalleryItem } from '../api/get-gallery-items'
import { GalleryOverlay, type GalleryOverlayProps } from './gallery-overlay'

const client: ContentClient = { fetch: () => Promise.reject(new Error('no fetches in this test')) }

const ITEMS = [
  { _id: 'a', slug: 'first-video', kind: 'youtube', youtubeId: 'abcdefghijk', caption: 'First video' },
  { _id: 'b', slug: 'second-video', kind: 'youtube', youtubeId: 'bcdefghijkl', caption: 'Second video' },
] as unknown as GalleryItem[]

function overlay(props: Partial<GalleryOverlayProps> = {}, locale: Locale = 'en') {
  const all: GalleryOverlayProps = {
    items: ITEMS,
    index: 0,
    closing: false,
    bandName: 'Los Forasteros',
    onPrevious: () => {},
    onNext: () => {},
    onClose: () => {},
    ...props,
  }
  return withI18n(
    <ContentProvider client={client} config={DEFAULT_CONTENT_CONFIG}>
      <button type="button">Tile</button>
      <GalleryOverlay {...all} />
    </ContentProvider>,
    locale,
  )
}

beforeAll(() => installDialogPolyfill())

afterEach(() => {
  vi.useRealTimers()
  document.body.removeAttribute('style')
})

describe('GalleryOverlay', () => {
  it('is a modal dialog named by the caption, with focus inside; the embed comes after the first frame', () => {
    vi.useFakeTimers()
    render(overlay())
    const dialog = screen.getByRole('dialog', { name: 'First video' })
    expect(dialog.tagName).toBe('DIALOG')
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog).toHaveAttribute('data-slug', 'first-video')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(dialog.querySelector('iframe')).toBeNull()
    act(() => vi.advanceTimersByTime(150))
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', expect.stringContaining('abcdefghijk'))
    expect(dialog).toHaveClass('is-visible')
  })

  it('Escape and the close button call the same onClose; the fade-out keeps it open until the item clears', () => {
    vi.useFakeTimers()
    const onClose = vi.fn()
    const { rerender } = render(overlay({ index: null, onClose }))
    const tile = screen.getByRole('button', { name: 'Tile' })
    tile.focus()
    rerender(overlay({ onClose }))
    act(() => vi.advanceTimersByTime(150))
    expect(document.body.style.overflow).toBe('hidden')
    const dialog = screen.getByRole('dialog')
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    fireEvent.click(screen.getByRole('button', { name: 'Close gallery' }))
    expect(onClose).toHaveBeenCalledTimes(2)

    // useGallery: closing fades out (no .is-visible) with the dialog still open, then clears the item.
    rerender(overlay({ onClose, closing: true }))
    expect(dialog).not.toHaveClass('is-visible')
    expect((dialog as HTMLDialogElement).open).toBe(true)
    rerender(overlay({ onClose, index: null }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(tile)
    expect(document.body.style.overflow).toBe('')
  })

  it('arrows go previous and next, except on a focused native video', () => {
    const onPrevious = vi.fn()
    const onNext = vi.fn()
    render(overlay({ onPrevious, onNext }))
    const dialog = screen.getByRole('dialog')
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' })
    fireEvent.keyDown(dialog, { key: 'ArrowRight' })
    expect(onPrevious).toHaveBeenCalledTimes(1)
    expect(onNext).toHaveBeenCalledTimes(1)
  })

  it('speaks Spanish on a Spanish page: its buttons, counter and fallback caption', () => {
    const untitled = [
      { _id: 'c', slug: 'foto', kind: 'image', credit: 'Ana Ruiz' },
    ] as unknown as GalleryItem[]
    render(overlay({ items: untitled }, 'es'))
    const dialog = screen.getByRole('dialog', { name: 'Los Forasteros, foto 1 de 1' })
    expect(screen.getByRole('button', { name: 'Cerrar galería' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Foto: Ana Ruiz')
    expect(dialog).toHaveTextContent('Imagen no disponible')
    // No English interface text of the overlay is left in it.
    const english = CATALOGUES.en.media
    for (const text of [english.share, english.imageUnavailable, english.credit.photo]) {
      expect(dialog.textContent).not.toContain(text)
    }
    expect(dialog.querySelector('[aria-label="Close gallery"], [aria-label="Next item"]')).toBeNull()
  })
})
