/** The list of upcoming shows (home page). */
export const messages = {
  events: {
    title: 'Events',
    introStart: 'Catch us on the road this season. New dates are announced to our',
    newsletter: 'newsletter',
    introMiddle: 'first, and you can read all about our',
    anniversaryTour: 'ten-year anniversary tour',
    introEnd: ' in the news.',
    empty: 'No shows announced right now. Check back soon.',
    upcomingShows: (total: number) => (total === 1 ? 'The upcoming show' : `All ${total} upcoming shows`),
    allPastShows: 'All past shows',
    withSetlists: ', with setlists and notes.',
    /** The action column: a ticket link or the show's status. */
    status: { onSale: 'Tickets', soldOut: 'Sold Out', cancelled: 'Cancelled', postponed: 'Postponed' },
    pastShow: 'Past show: ',
    showDetails: (venue: string, place: string, date: string) => `${venue}, ${place}, ${date}: show details`,
  },
}

export type EventsMessages = typeof messages
