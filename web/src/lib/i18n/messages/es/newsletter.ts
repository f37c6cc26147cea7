import type { NewsletterMessages } from '../en/newsletter'

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

/** The newsletter sign-up dialog and its area choice. In Spanish for fans in Mexico and the US Southwest (ADR 193). */
export const messages: NewsletterMessages = {
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
    defaultTitle: 'No te pierdas nada',
    defaultText: 'Entérate primero de los próximos conciertos, la música nueva y el contenido exclusivo.',
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
}
