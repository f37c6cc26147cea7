import { describe, expect, it } from 'vitest'
import { DEFAULT_POPUP_SETTINGS, resolvePopupSettings } from './popup-settings'

describe('resolvePopupSettings', () => {
  it("uses the spec's values when the CMS has no document", () => {
    expect(resolvePopupSettings(null)).toEqual({
      enabled: true,
      title: null,
      text: null,
      delayMs: 12_000,
      scrollThresholdPx: 100,
    })
  })

  it('takes every usable field from the CMS and falls back for the rest', () => {
    expect(
      resolvePopupSettings({
        enabled: false,
        title: 'Hola',
        text: '  ',
        delayMs: 5000,
        scrollThresholdPx: -1,
      }),
    ).toEqual({ ...DEFAULT_POPUP_SETTINGS, enabled: false, title: 'Hola', delayMs: 5000 })
  })

  it('says when the English copy stands in for a missing Spanish one', () => {
    const settings = resolvePopupSettings({ title: 'Stay in the Loop', titleLang: 'en', text: 'Recibe…' })
    expect(settings.titleLang).toBe('en')
    expect(settings.textLang).toBeUndefined()
  })
})
