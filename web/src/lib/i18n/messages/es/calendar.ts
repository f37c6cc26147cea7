import type { CalendarMessages } from '../en/calendar'

/** The calendar feeds' links and titles, in Spanish (ADR 193). */
export const messages: CalendarMessages = {
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
}
