import type { ShellMessages } from '../en/shell'

/** The site's frame and what every page may show: navigation, the language switch and hint, notifications, pagers, the error page. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: ShellMessages = {
  common: {
    loading: 'Cargando...',
    backHome: 'Volver a la página principal',
    close: 'Cerrar',
    opensInNewTab: ' (se abre en otra pestaña)',
    ticketsFor: (venue) => ` para ${venue} (se abre en otra pestaña)`,
    tickets: 'Boletos',
    playVideo: (title) => `Reproducir video: ${title}`,
    videoTitle: (title) => `Video: ${title}`,
    youtubeVideo: 'Video de YouTube',
  },
  nav: {
    items: {
      home: 'Inicio',
      events: 'Conciertos',
      media: 'Galería',
      about: 'Nosotros',
      contact: 'Contacto',
      news: 'Noticias',
    },
    skipToContent: 'Saltar al contenido',
    menu: 'Menú',
    main: 'Principal',
    footer: 'Pie de página',
  },
  routeError: {
    title: 'Algo salió mal',
    body: (status) => `No pudimos cargar la página (${status}). Inténtalo de nuevo en un momento.`,
  },
  toast: {
    region: (hotkey) => `Notificaciones (${hotkey})`,
    notification: 'Notificación',
    dismiss: 'Cerrar notificación',
  },
  pager: {
    status: (page, count) => `Página ${page} de ${count}`,
  },
  /** The language switch (header, footer): it leads to English, so it names English in English. */
  languageSwitch: {
    label: 'English',
    /** In a narrow header, beside the menu button. */
    short: 'EN',
    name: 'EN: English, this page in English',
  },
  /** Offered to a visitor whose browser or last choice prefers English, so written in English. */
  languageHint: {
    region: 'Language',
    question: 'Rather read in English?',
    link: 'See this page in English',
    close: 'Close language hint',
  },
}
