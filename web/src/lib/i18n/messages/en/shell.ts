/** The site's frame and what every page may show: navigation, the language switch and hint, notifications, pagers, the error page. */
export const messages = {
  common: {
    loading: 'Loading...',
    backHome: 'Back to the home page',
    close: 'Close',
    /** Said after a link that opens a new tab (read by screen readers only). */
    opensInNewTab: ' (opens in a new tab)',
    /** A ticket link's hidden rest: "Tickets for Land+Sky (opens in a new tab)". */
    ticketsFor: (venue: string) => ` for ${venue} (opens in a new tab)`,
    tickets: 'Tickets',
    playVideo: (title: string) => `Play video: ${title}`,
    videoTitle: (title: string) => `Video: ${title}`,
    youtubeVideo: 'YouTube video',
  },
  nav: {
    items: {
      home: 'Home',
      events: 'Events',
      media: 'Media',
      about: 'About',
      contact: 'Contact',
      news: 'News',
    },
    skipToContent: 'Skip to content',
    menu: 'Menu',
    main: 'Main',
    footer: 'Footer',
  },
  routeError: {
    title: 'Something went wrong',
    body: (status: number) => `The page could not be loaded (${status}). Please try again in a moment.`,
  },
  toast: {
    region: (hotkey: string) => `Notifications (${hotkey})`,
    notification: 'Notification',
    dismiss: 'Dismiss notification',
  },
  pager: {
    status: (page: number, count: number) => `Page ${page} of ${count}`,
  },
  /** The language switch (header, footer): it leads to Spanish, so it names Spanish in Spanish. */
  languageSwitch: {
    label: 'Español',
    /** In a narrow header, beside the menu button. */
    short: 'ES',
    /** The link's name holds both visible texts, the code first (shown on a phone): voice control needs it. */
    name: 'ES: Español, esta página en español',
  },
  /** Offered to a visitor whose browser or last choice prefers Spanish, so written in Spanish. */
  languageHint: {
    region: 'Idioma',
    question: '¿Prefieres leer en español?',
    link: 'Ve esta página en español',
    close: 'Cerrar aviso de idioma',
  },
}

export type ShellMessages = typeof messages
