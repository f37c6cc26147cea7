import type { NewsletterPagesMessages } from '../en/newsletter-pages'

/** The newsletter's confirmed and unsubscribe pages. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: NewsletterPagesMessages = {
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
}
