import type { AlertTemplate } from './alert-template'

/**
 * Mexican and US Spanish, tú, the band speaking to its fans. The subject names no verb for the band, so it
 * reads right for a band name that is plural ("Los ...") or not.
 */
export const es: AlertTemplate = {
  language: 'es',
  subject: (band, shows) => {
    const cities = [...new Set(shows.map((show) => show.city).filter(Boolean))]
    if (shows.length === 1) return `¡Nuevo concierto de ${band} en ${cities[0] ?? 'tu zona'}!`
    return `¡${shows.length} conciertos nuevos de ${band} cerca de ti! ${cities.slice(0, 3).join(', ')}`
  },
  greeting: (firstName) => `¡Hola, ${firstName}!`,
  intro: (_band, count) =>
    count === 1
      ? '¡Vamos a tocar cerca de ti! Esta es la fecha nueva:'
      : `¡Vamos a tocar cerca de ti! Estas son las ${count} fechas nuevas:`,
  tickets: 'Boletos',
  showPage: 'Detalles del concierto',
  addToCalendar: 'Agregar al calendario',
  noTickets: 'Boletos: mira la página del concierto',
  why: (areas) =>
    areas.length === 0
      ? 'Te llegan estos correos por todos nuestros conciertos, toquemos donde toquemos.'
      : `Te llegan estos correos por los conciertos en: ${areas.join(', ')}.`,
  preferences: 'Cambiar tus zonas o tu idioma',
  unsubscribe: 'Cancelar suscripción',
}
