/** The calendar feeds' links and titles (home page and show pages). */
export const messages = {
  calendar: {
    tour: 'the tour calendar',
    area: (area: string) => `the ${area} calendar`,
    subscribe: (name: string) => `Subscribe to ${name}`,
    orAdd: '(or add',
    feedAddress: 'the calendar feed’s address',
    toYourApp: 'to your calendar app)',
    tourFeed: 'Tour calendar',
    areaFeed: (area: string) => `${area} calendar`,
    entry: (title: string) => `${title} (calendar entry)`,
  },
}

export type CalendarMessages = typeof messages
