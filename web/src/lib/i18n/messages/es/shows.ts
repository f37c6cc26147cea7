import type { ShowsMessages } from '../en/shows'

const en = (area: string | null) => (area ? ` en ${area}` : '')

/** The show pages: the tour, past shows and a show's page. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: ShowsMessages = {
  shows: {
    status: {
      onSale: 'A la venta',
      soldOut: 'Agotado',
      cancelled: 'Cancelado',
      postponed: 'Pospuesto',
      rescheduled: 'Con nueva fecha',
    },
    postponedTo: 'Pospuesto para el',
    firstAnnounced: 'se había anunciado para el',
    postponedNoDate: 'Pospuesto: aquí anunciaremos la nueva fecha',
    passed: 'Este concierto ya pasó',
    date: 'Fecha',
    doors: 'Puertas',
    show: 'Inicio',
    venueTime: (timeZone) => `hora local (${timeZone})`,
    venue: 'Lugar',
    map: 'Mapa',
    mapOf: (venue) => ` de ${venue} (se abre en otra pestaña)`,
    statusLabel: 'Estado',
    price: 'Precio',
    from: (price) => `Desde ${price}`,
    fromAfterStatus: (price) => `, desde ${price}`,
    addToCalendar: 'Agregar al calendario',
    aboutThisShow: 'Sobre este concierto',
    notes: 'Notas',
    setlist: 'Repertorio',
    setlistSongs: (count) => `Repertorio (${count} ${count === 1 ? 'canción' : 'canciones'})`,
    photosAndVideos: 'Fotos y videos',
    videoFromShow: 'Video del concierto',
    allShows: '← Todos los conciertos',
    pastShows: 'Conciertos pasados',
    upcomingShowsBack: '← Próximos conciertos',
    homeBack: '← Inicio',
    noPastShows: 'Todavía no hay conciertos pasados.',
    pastPages: 'Páginas de conciertos pasados',
    moreRecent: 'Conciertos más recientes',
    earlier: 'Conciertos anteriores',
    upcomingHeading: (area) => `Próximos conciertos${en(area)}`,
    upcomingCount: (total, area) =>
      `${total === 1 ? 'Se viene un concierto' : `Se vienen ${total} conciertos`}${en(area)}; fechas y horas en la zona horaria de cada lugar.`,
    noneAnnounced: (area) => `Por ahora no hay conciertos anunciados${en(area)}. Vuelve pronto.`,
    upcomingPages: 'Páginas de próximos conciertos',
    sooner: 'Conciertos más próximos',
    later: 'Conciertos más adelante',
    byArea: 'Conciertos por zona',
    allAreas: 'Todas las zonas',
    pastTitle: (page, count) =>
      page > 1 ? `Conciertos pasados, página ${page} de ${count}` : 'Conciertos pasados',
    pastDescription: (bandName) =>
      `Todos los conciertos que ha dado ${bandName ?? 'la banda'}, del más reciente al más antiguo, con repertorios y notas.`,
    upcomingTitle: (area, page, count) =>
      `Próximos conciertos${en(area)}${page > 1 ? `, página ${page} de ${count}` : ''}`,
    upcomingDescription: (bandName, area) =>
      `Dónde ver en vivo a ${bandName ?? 'la banda'}${en(area)}: todos los próximos conciertos, con boletos.`,
    describeStatus: { cancelled: ' Cancelado.', postponed: ' Pospuesto.' },
    showName: (bandName, venue) => (bandName ? `${bandName} en ${venue}` : `En vivo en ${venue}`),
  },
  tourByArea: {
    everywhereElse: 'En otras partes',
  },
}
