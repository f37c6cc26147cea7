/** The show pages: the tour, past shows and a show's page. */
export const messages = {
  shows: {
    /** A show's status as its page words it; a postponed show with a new date is "Rescheduled". */
    status: {
      onSale: 'On sale',
      soldOut: 'Sold out',
      cancelled: 'Cancelled',
      postponed: 'Postponed',
      rescheduled: 'Rescheduled',
    },
    postponedTo: 'Postponed to',
    firstAnnounced: 'first announced for',
    postponedNoDate: 'Postponed: the new date will be announced here',
    passed: 'This show has passed',
    date: 'Date',
    doors: 'Doors',
    show: 'Show',
    venueTime: (timeZone: string) => `venue time (${timeZone})`,
    venue: 'Venue',
    map: 'Map',
    mapOf: (venue: string) => ` of ${venue} (opens in a new tab)`,
    statusLabel: 'Status',
    price: 'Price',
    from: (price: string) => `From ${price}`,
    fromAfterStatus: (price: string) => `, from ${price}`,
    addToCalendar: 'Add to calendar',
    aboutThisShow: 'About this show',
    notes: 'Notes',
    setlist: 'Setlist',
    setlistSongs: (count: number) => `Setlist (${count} songs)`,
    photosAndVideos: 'Photos and videos',
    videoFromShow: 'Video from the show',
    allShows: '← All shows',
    pastShows: 'Past shows',
    upcomingShowsBack: '← Upcoming shows',
    homeBack: '← Home',
    noPastShows: 'No past shows yet.',
    pastPages: 'Past shows pages',
    moreRecent: 'More recent shows',
    earlier: 'Earlier shows',
    upcomingHeading: (area: string | null) => `Upcoming shows${area ? ` in ${area}` : ''}`,
    upcomingCount: (total: number, area: string | null) =>
      `${total === 1 ? 'One show' : `${total} shows`} ahead${area ? ` in ${area}` : ''}, dates and times in each venue’s time zone.`,
    noneAnnounced: (area: string | null) =>
      `No shows announced${area ? ` in ${area}` : ''} right now. Check back soon.`,
    upcomingPages: 'Upcoming shows pages',
    sooner: 'Sooner shows',
    later: 'Later shows',
    byArea: 'Shows by area',
    allAreas: 'All areas',
    /** Document titles and descriptions of the show pages. */
    pastTitle: (page: number, count: number) =>
      page > 1 ? `Past shows, page ${page} of ${count}` : 'Past shows',
    pastDescription: (bandName: string | null) =>
      `Every show ${bandName ?? 'the band'} has played, newest first, with setlists and notes.`,
    upcomingTitle: (area: string | null, page: number, count: number) =>
      `Upcoming shows${area ? ` in ${area}` : ''}${page > 1 ? `, page ${page} of ${count}` : ''}`,
    upcomingDescription: (bandName: string | null, area: string | null) =>
      `Where to see ${bandName ?? 'the band'} live${area ? ` in ${area}` : ''}: every upcoming show, with tickets.`,
    /** A show in one line, for its page's description: "..., Somis, CA: Saturday, ..., 7:00 PM. Cancelled." */
    describeStatus: { cancelled: ' Cancelled.', postponed: ' Postponed.' },
    showName: (bandName: string | null, venue: string) =>
      bandName ? `${bandName} at ${venue}` : `Live at ${venue}`,
  },
  tourByArea: {
    /** The heading of the whole tour's shows that belong to no area, after the areas' groups. */
    everywhereElse: 'Everywhere else',
  },
}

export type ShowsMessages = typeof messages
