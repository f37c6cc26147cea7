import type { Messages } from './en'

/** The gallery's kinds of item as a Spanish caption names them. */
const KIND: Record<string, string> = { image: 'foto', video: 'video', youtube: 'video' }

const en = (area: string | null) => (area ? ` en ${area}` : '')

/**
 * Why a sign-up failed, in Spanish, from the server's status (0: no answer at all) and its English message; the
 * terms follow the newsletter's own Spanish (server/newsletter/words/es.ts).
 */
function signUpError(status: number, serverMessage: string): string {
  if (status === 0) return 'No pudimos conectarnos. Revisa tu conexión e inténtalo de nuevo.'
  if (status === 429) return 'Demasiados intentos desde tu red. Inténtalo de nuevo en un minuto.'
  // The server's English names the rule it applied (server/newsletter/newsletter-router.ts).
  if (status === 400 && /line breaks|web address/i.test(serverMessage))
    return 'Revisa el formulario: los nombres no pueden llevar saltos de línea ni direcciones web.'
  if (status === 400 && /unknown area/i.test(serverMessage))
    return 'Esa zona ya no existe. Elige otra o «Todas las zonas».'
  if (status === 400) return 'Revisa el formulario: ¿tu correo está bien escrito?'
  return 'Algo salió mal de nuestro lado. Inténtalo de nuevo en un momento.'
}

/**
 * The interface's Spanish strings, written for fans in Mexico and the US Southwest (tú, ¿ ¡, accents), never
 * word for word (ADR 193). The type checker fails on a key missing here.
 */
export const messages: Messages = {
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
  toast: {
    region: (hotkey) => `Notificaciones (${hotkey})`,
    notification: 'Notificación',
    dismiss: 'Cerrar notificación',
  },
  pager: {
    status: (page, count) => `Página ${page} de ${count}`,
  },
  hero: {
    seeTourDates: 'Ver fechas de la gira',
    videoUnavailable: 'El video no está disponible; te mostramos una imagen',
    mute: 'Silenciar el video de portada',
  },
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
  media: {
    title: 'Galería',
    playVideo: (label) => `Reproducir video: ${label}`,
    viewPhoto: (label) => `Ver foto: ${label}`,
    imageUnavailable: 'Imagen no disponible',
    fallbackCaption: (bandName, kind, n, total) =>
      `${bandName}, ${KIND[kind ?? ''] ?? 'archivo'} ${n} de ${total}`,
    credit: { photo: 'Foto', video: 'Video' },
    counter: (n, total) => `${n} / ${total}`,
    share: 'Compartir',
    closeGallery: 'Cerrar galería',
    previous: 'Anterior',
    next: 'Siguiente',
    linkCopied: 'Enlace copiado',
    linkOnClipboard: 'El enlace ya está en tu portapapeles.',
    shareFailedStatus: 'No se pudo compartir',
    shareFailed: 'No se pudo compartir',
    copyAddressInstead: 'Copia la dirección desde la barra del navegador.',
    loadingVideo: 'Cargando video...',
    videoUnavailable: 'El video no está disponible por ahora',
    retry: 'Reintentar',
    noVideoSupport: 'Tu navegador no puede reproducir este video.',
  },
  about: {
    title: 'Nosotros',
    bandPhoto: 'Foto de la banda',
    logoAlt: (bandName) => `Logo de ${bandName}`,
  },
  contact: {
    title: 'Contacto',
    lead: '¿Organizas un fandango, un festival o una boda por el oeste? Escríbenos y allá llegamos.',
    booking: 'Contrataciones:',
    neverMiss: 'Que no se te pase ningún concierto:',
    joinNewsletter: 'suscríbete a nuestro boletín',
  },
  social: {
    label: 'Redes sociales',
    on: (bandName, network) => `${bandName} en ${network}`.trim(),
  },
  areas: {
    label: 'Conciertos en tu zona (opcional)',
    everywhere: 'Todas las zonas',
    findNearest: 'Buscar mi zona',
    finding: 'Buscando la zona más cercana…',
    found: 'Listo: elegimos la zona más cercana.',
    none: 'Aún no hay ninguna zona cerca de ti: te quedas con «Todas las zonas».',
    denied: 'Tu navegador no compartió tu ubicación.',
  },
  newsletter: {
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    website: 'Sitio web',
    submit: 'Suscribirme',
    submitting: 'Suscribiendo...',
    thanks: '¡Gracias por suscribirte!',
    failedTitle: 'No pudimos suscribirte',
    failed: (message) => `No pudimos suscribirte. ${message}`,
    error: signUpError,
  },
  newsletterPages: {
    title: (title, bandName) => `${title} · ${bandName}`,
    expiredTitle: 'Enlace no válido o vencido',
    expiredHeading: 'Este enlace ya no funciona',
    expiredBefore: 'Los enlaces de confirmación duran 7 días. Vuelve a suscribirte desde el',
    expiredLink: 'formulario del boletín',
    expiredAfter: 'y te mandamos uno nuevo.',
    confirmedTitle: 'Suscripción confirmada',
    confirmedHeading: '¡Ya estás en la lista!',
    confirmedBody:
      'Gracias por confirmar. Te avisaremos de los próximos conciertos, la música nueva y el contenido exclusivo. Cada correo trae un enlace para cancelar la suscripción cuando quieras.',
    incompleteTitle: 'Enlace incompleto',
    incompleteHeading: 'A este enlace para cancelar la suscripción le falta algo',
    incompleteBody: 'Abre otra vez el enlace desde el correo del boletín.',
    unsubscribeTitle: 'Cancelar suscripción',
    unsubscribeHeading: (bandName) => `¿Quieres dejar de recibir los correos de ${bandName}?`,
    unsubscribeBody: 'Ya no te mandaremos más correos.',
    unsubscribeButton: 'Sí, cancelar mi suscripción',
    invalidTitle: 'Enlace no válido',
    invalidHeading: 'Este enlace para cancelar la suscripción no es válido',
    invalidBody: 'Abre otra vez el enlace del correo, o escríbenos y te damos de baja nosotros.',
    unsubscribedTitle: 'Suscripción cancelada',
    unsubscribedHeading: 'Listo, cancelamos tu suscripción',
    unsubscribedBody:
      'Ya no recibirás nuestros correos. ¿Cambiaste de opinión? Puedes volver a suscribirte cuando quieras.',
  },
  tourPromo: {
    heading: 'De gira',
  },
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
    calendar: {
      tour: 'calendario de la gira',
      area: (area) => `calendario de ${area}`,
      subscribe: (name) => `Suscríbete al ${name}`,
      orAdd: '(o agrega',
      feedAddress: 'la dirección del calendario',
      toYourApp: 'a tu app de calendario)',
      tourFeed: 'Calendario de la gira',
      areaFeed: (area) => `Calendario de ${area}`,
      entry: (title) => `${title} (evento de calendario)`,
    },
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
  /** The language switch (header, footer): it leads to English, so it names English in English. */
  languageSwitch: {
    label: 'English',
    /** In a narrow header, beside the menu button. */
    short: 'EN',
    name: 'English: this page in English',
  },
  /** Offered to a visitor whose browser or last choice prefers English, so written in English. */
  languageHint: {
    region: 'Language',
    question: 'Rather read in English?',
    link: 'See this page in English',
    close: 'Close language hint',
  },
}
