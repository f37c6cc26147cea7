import type { HomeMessages } from '../en/home'

/** The home page's own sections: hero, about, contact, social links and the tour promo. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: HomeMessages = {
  hero: {
    seeTourDates: 'Ver fechas de la gira',
    videoUnavailable: 'El video no está disponible; te mostramos una imagen',
    mute: 'Silenciar el video de portada',
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
  tourPromo: {
    heading: 'De gira',
  },
}
