import type { EventsMessages } from '../en/events'

/** The list of upcoming shows (home page). In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: EventsMessages = {
  events: {
    title: 'Conciertos',
    introStart: 'Búscanos en el camino esta temporada. Las fechas nuevas salen primero en nuestro',
    newsletter: 'boletín',
    introMiddle: 'y en las noticias te contamos todo sobre nuestra',
    anniversaryTour: 'gira por nuestros diez años',
    introEnd: '.',
    empty: 'Por ahora no hay conciertos anunciados. Vuelve pronto.',
    upcomingShows: (total) => (total === 1 ? 'El próximo concierto' : `Los ${total} próximos conciertos`),
    allPastShows: 'Todos los conciertos pasados',
    withSetlists: ', con repertorios y notas.',
    status: { onSale: 'Boletos', soldOut: 'Agotado', cancelled: 'Cancelado', postponed: 'Pospuesto' },
    pastShow: 'Concierto pasado: ',
    showDetails: (venue, place, date) => `${venue}, ${place}, ${date}: detalles del concierto`,
  },
}
