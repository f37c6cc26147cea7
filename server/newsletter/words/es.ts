import type { NewsletterWords } from './newsletter-words'

/** Mexican and US Spanish, tú, as the band talks to its fans. */
export const es: NewsletterWords = {
  language: 'es',
  confirmation: {
    subject: (band) => `Confirma tu suscripción a ${band}`,
    greeting: (firstName) => `¡Hola, ${firstName}!`,
    thanks: (band) =>
      `¡Qué gusto que quieras recibir noticias de ${band}! Te contaremos de fechas de gira, música nueva y contenido exclusivo.`,
    openLink: 'Solo falta confirmar tu correo. Abre este enlace (funciona durante 7 días):',
    pressButton: 'Solo falta confirmar tu correo (el botón funciona durante 7 días):',
    button: 'Sí, quiero suscribirme',
    pasteLink: 'O copia este enlace en tu navegador:',
    notYou: 'Si no fuiste tú, ignora este correo y no te volveremos a escribir.',
  },
  unsubscribeLink: 'Cancelar suscripción',
  preferencesLink: 'Cambiar tus zonas o tu idioma',
  acknowledged: {
    doubleOptIn: '¡Ya casi! Revisa tu correo y confirma tu suscripción.',
    singleOptIn: '¡Gracias por suscribirte! Ya estás en la lista.',
  },
  oneClick: {
    done: 'Listo: cancelamos tu suscripción.',
    invalid: 'Este enlace para cancelar la suscripción no es válido.',
  },
  pages: {
    backHome: 'Volver a la página principal',
  },
  preferences: {
    title: (band) => `Tus correos de ${band}`,
    saved: '¡Guardado!',
    areasLegend: 'Avísame cuando haya concierto en',
    noAreas: 'La banda todavía no ha definido zonas: te avisamos de todos los conciertos.',
    everywhere: 'Si no eliges ninguna, te avisamos de los conciertos en todas partes.',
    languageLegend: 'Idioma de los correos',
    save: 'Guardar',
    leave: 'Cancelar todos los correos',
    invalid: {
      title: 'Enlace no válido',
      heading: 'Este enlace no es válido',
      body: ['Abre otra vez el enlace de tu correo más reciente.'],
    },
    invalidJson: 'Este enlace no es válido.',
  },
}
