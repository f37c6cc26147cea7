/** The media gallery, its overlay and captions (home page, news posts). */
export const messages = {
  media: {
    title: 'Media',
    playVideo: (label: string) => `Play video: ${label}`,
    viewPhoto: (label: string) => `View photo: ${label}`,
    imageUnavailable: 'Image unavailable',
    /** docs/fan-site-rules.md §10: "{bandName} {kind} {n} of {total}" when an item has no caption. */
    fallbackCaption: (bandName: string, kind: string | null | undefined, n: number, total: number) =>
      `${bandName} ${kind ?? 'media'} ${n} of ${total}`,
    credit: { photo: 'Photo', video: 'Video' },
    counter: (n: number, total: number) => `${n} / ${total}`,
    share: 'Share',
    closeGallery: 'Close gallery',
    previous: 'Previous item',
    next: 'Next item',
    linkCopied: 'Link copied',
    linkOnClipboard: 'The link is on your clipboard.',
    shareFailedStatus: 'Could not share this item',
    shareFailed: 'Could not share',
    copyAddressInstead: 'Copy the address from the address bar instead.',
    loadingVideo: 'Loading video...',
    videoUnavailable: 'Video temporarily unavailable',
    retry: 'Retry',
    noVideoSupport: 'Your browser does not support the video tag.',
  },
}

export type MediaMessages = typeof messages
