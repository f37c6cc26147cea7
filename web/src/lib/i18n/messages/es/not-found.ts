import type { NotFoundMessages } from '../en/not-found'

/** The 404 page and the pages' own not-found answers. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: NotFoundMessages = {
  notFound: {
    title: '404: Página no encontrada',
    description:
      'Esta página no existe. Vuelve a la página principal para ver las fechas de la gira, los videos y más.',
    hint: 'No hay ninguna página en esta dirección.',
    newsPost: 'No hay ninguna noticia en esta dirección.',
    allNews: 'Mira todas las noticias',
    newsPage: 'Esa página de noticias no existe.',
    latestNews: 'Mira las noticias más recientes',
    show: 'No hay ningún concierto en esta dirección.',
    upcomingShows: 'Mira los próximos conciertos',
    or: 'o los',
    pastShows: 'conciertos pasados',
  },
}
