import spriteUrl from './social-icons.sprite.svg?url'

/** The marks drawn in social-icons.sprite.svg; any other network gets the plain ring. */
const MARKS = new Set(['instagram', 'youtube', 'facebook', 'spotify', 'tiktok'])

/**
 * A network's single-colour mark, decorative (links carry names). The marks' outlines live in a sprite the
 * browser fetches with the page's images, not in the page's JavaScript (ADR 130); `currentColor`
 * reaches through `<use>`, so the link's colour and hover still apply.
 */
export function SocialIcon({ platform }: { platform: string }) {
  const mark = platform.toLowerCase()
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <use href={`${spriteUrl}#${MARKS.has(mark) ? mark : 'fallback'}`} />
    </svg>
  )
}
