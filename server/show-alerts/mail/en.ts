import type { AlertTemplate } from './alert-template'

export const en: AlertTemplate = {
  language: 'en',
  subject: (band, shows) => {
    const cities = [...new Set(shows.map((show) => show.city).filter(Boolean))]
    if (shows.length === 1) return `${band} announce a show in ${cities[0] ?? 'your area'}`
    return `${band} announce ${shows.length} shows near you: ${cities.slice(0, 3).join(', ')}`
  },
  greeting: (firstName) => `Hola ${firstName},`,
  intro: (band, count) =>
    count === 1
      ? `${band} just announced a show near you:`
      : `${band} just announced ${count} shows near you:`,
  tickets: 'Tickets',
  showPage: 'Show page',
  addToCalendar: 'Add to calendar',
  noTickets: 'Tickets: see the show page',
  why: (areas) =>
    areas.length === 0
      ? 'You get these mails for shows everywhere the band plays.'
      : `You get these mails for shows in: ${areas.join(', ')}.`,
  preferences: 'Change your areas or language',
  unsubscribe: 'Unsubscribe',
}
