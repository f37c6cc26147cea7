import type { NewsMessages } from '../en/news'

/** The news pages and posts. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: NewsMessages = {
  news: {
    title: 'Noticias',
    rss: 'Canal RSS',
    feedTitle: (bandName) => `Noticias de ${bandName}`,
    description: (bandName) => `Noticias de ${bandName}: música nueva, giras e historias del camino.`,
    documentTitle: (bandName) => `Noticias · ${bandName}`,
    pageTitle: (page, count, bandName) => `Noticias, página ${page} de ${count} · ${bandName}`,
    postTitle: (title, bandName) => `${title ?? 'Noticias'} · ${bandName}`,
    empty: 'Todavía no hay noticias. La banda anda de gira; mientras, échale un ojo a las fechas.',
    seeTourDates: 'Ver las fechas de la gira',
    readMore: 'Leer más',
    readMoreOf: (title) => `: ${title ?? 'noticia'}`,
    pages: 'Páginas de noticias',
    newer: 'Noticias más recientes',
    older: 'Noticias anteriores',
    allNews: '← Todas las noticias',
    more: 'Más noticias',
    previousPost: 'Noticia anterior',
    nextPost: 'Noticia siguiente',
    share: {
      title: 'Comparte esta noticia',
      on: (network) => `Compartir en ${network}`,
      email: 'Compartir por correo',
      copy: 'Copiar enlace',
      copied: 'Enlace copiado',
    },
  },
}
