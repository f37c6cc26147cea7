/**
 * The interface's English strings: the shape every language's catalogue follows (ADR 193). Group keys by the
 * feature that shows them; a string that takes values is a function. The English texts are those of
 * docs/fan-site-rules.md, word for word: end-to-end tests read them.
 */
export const messages = {
  common: {
    loading: 'Loading...',
    backHome: 'Back to the home page',
    close: 'Close',
    /** Said after a link that opens a new tab (read by screen readers only). */
    opensInNewTab: ' (opens in a new tab)',
    /** A ticket link's hidden rest: "Tickets for Land+Sky (opens in a new tab)". */
    ticketsFor: (venue: string) => ` for ${venue} (opens in a new tab)`,
    tickets: 'Tickets',
    playVideo: (title: string) => `Play video: ${title}`,
    videoTitle: (title: string) => `Video: ${title}`,
    youtubeVideo: 'YouTube video',
  },
  nav: {
    items: {
      home: 'Home',
      events: 'Events',
      media: 'Media',
      about: 'About',
      contact: 'Contact',
      news: 'News',
    },
    skipToContent: 'Skip to content',
    menu: 'Menu',
    main: 'Main',
    footer: 'Footer',
  },
  routeError: {
    title: 'Something went wrong',
    body: (status: number) => `The page could not be loaded (${status}). Please try again in a moment.`,
  },
  notFound: {
    title: '404 Page Not Found',
    description: 'This page does not exist. Head back to the home page for tour dates, videos and more.',
    hint: 'There is no page at this address.',
    newsPost: 'There is no news post at this address.',
    allNews: 'See all news',
    newsPage: 'There is no such page of news.',
    latestNews: 'See the latest news',
    show: 'There is no show at this address.',
    upcomingShows: 'See the upcoming shows',
    or: 'or the',
    pastShows: 'past shows',
  },
  toast: {
    region: (hotkey: string) => `Notifications (${hotkey})`,
    notification: 'Notification',
    dismiss: 'Dismiss notification',
  },
  pager: {
    status: (page: number, count: number) => `Page ${page} of ${count}`,
  },
  hero: {
    seeTourDates: 'See tour dates',
    videoUnavailable: 'Video unavailable - showing image instead',
    mute: 'Mute hero video',
  },
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
  media: {
    title: 'Media',
    playVideo: (label: string) => `Play video: ${label}`,
    viewPhoto: (label: string) => `View photo: ${label}`,
    imageUnavailable: 'Image unavailable',
    /** docs/fan-site-rules.md §10: "{bandName} {kind} {n} of {total}" when an item has no caption. */
    fallbackCaption: (bandName: string, kind: string | null | undefined, n: number, total: number) =>
      `${bandName} ${kind ?? 'media'} ${n} of ${total}`,
    credit: { photo: 'Photo', video: 'Video' },
    counter: (n: number, total: number) => `${n} / ${total}`,
    share: 'Share',
    closeGallery: 'Close gallery',
    previous: 'Previous item',
    next: 'Next item',
    linkCopied: 'Link copied',
    linkOnClipboard: 'The link is on your clipboard.',
    shareFailedStatus: 'Could not share this item',
    shareFailed: 'Could not share',
    copyAddressInstead: 'Copy the address from the address bar instead.',
    loadingVideo: 'Loading video...',
    videoUnavailable: 'Video temporarily unavailable',
    retry: 'Retry',
    noVideoSupport: 'Your browser does not support the video tag.',
  },
  about: {
    title: 'About',
    bandPhoto: 'Band photo',
    logoAlt: (bandName: string) => `${bandName} logo`,
  },
  contact: {
    title: 'Contact',
    lead: 'Booking a fandango, a festival or a wedding out west? Write to us and we will ride over.',
    booking: 'Booking:',
    neverMiss: 'Never miss a show:',
    joinNewsletter: 'join our newsletter',
  },
  social: {
    label: 'Social media',
    /** "<band> on Instagram"; without a band name, just the network. */
    on: (bandName: string, network: string) => `${bandName} on ${network}`.trim(),
  },
  areas: {
    label: 'Shows near (optional)',
    everywhere: 'Everywhere',
    findNearest: 'Find my nearest area',
    finding: 'Finding your nearest area…',
    found: 'Chosen: your nearest area.',
    none: 'No area is near you yet: Everywhere it is.',
    denied: 'Your browser did not share where you are.',
  },
  newsletter: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    /** The honeypot's label: hidden from people and screen readers. */
    website: 'Website',
    submit: 'Sign Up',
    submitting: 'Signing Up...',
    thanks: 'Thanks for signing up!',
    failedTitle: 'Sign-up failed',
    failed: (message: string) => `Sign-up failed: ${message}`,
    /**
     * What the visitor reads when the sign-up failed: the server's words for `status` (0: no answer at all). The
     * English page shows the server's own message.
     */
    error: (_status: number, serverMessage: string) => serverMessage,
  },
  newsletterPages: {
    title: (title: string, bandName: string) => `${title} · ${bandName}`,
    expiredTitle: 'Link invalid or expired',
    expiredHeading: 'This link is invalid or has expired',
    expiredBefore: 'Confirmation links work for 7 days. Sign up again from the',
    expiredLink: 'newsletter form',
    expiredAfter: 'and we will send you a fresh one.',
    confirmedTitle: 'Subscription confirmed',
    confirmedHeading: "You're on the list!",
    confirmedBody:
      'Thanks for confirming. You will hear from us about upcoming performances, new releases and exclusive content. Every mail has an unsubscribe link.',
    incompleteTitle: 'Link invalid',
    incompleteHeading: 'This unsubscribe link is incomplete',
    incompleteBody: 'Please open the link from the newsletter e-mail again.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeHeading: (bandName: string) => `Unsubscribe from the ${bandName} newsletter?`,
    unsubscribeBody: 'You will not receive any more e-mails from us.',
    unsubscribeButton: 'Unsubscribe',
    invalidTitle: 'Link invalid',
    invalidHeading: 'This unsubscribe link is not valid',
    invalidBody:
      'Please open the link from the newsletter e-mail again, or write to us and we will remove you.',
    unsubscribedTitle: 'Unsubscribed',
    unsubscribedHeading: 'You have been unsubscribed',
    unsubscribedBody:
      'You will not receive any more newsletter e-mails from us. Changed your mind? You can sign up again any time.',
  },
  tourPromo: {
    heading: 'On tour',
  },
  news: {
    title: 'News',
    rss: 'RSS feed',
    feedTitle: (bandName: string) => `${bandName} news`,
    description: (bandName: string) =>
      `News from ${bandName}: new releases, tours and stories from the road.`,
    documentTitle: (bandName: string) => `News · ${bandName}`,
    pageTitle: (page: number, count: number, bandName: string) =>
      `News, page ${page} of ${count} · ${bandName}`,
    postTitle: (title: string | null, bandName: string) => `${title ?? 'News'} · ${bandName}`,
    empty: 'No news yet. The band is on the road; check the tour dates in the meantime.',
    seeTourDates: 'See the tour dates',
    readMore: 'Read more',
    readMoreOf: (title: string | null) => `: ${title ?? 'post'}`,
    pages: 'News pages',
    newer: 'Newer posts',
    older: 'Older posts',
    allNews: '← All news',
    more: 'More news',
    previousPost: 'Previous post',
    nextPost: 'Next post',
    share: {
      title: 'Share this post',
      on: (network: string) => `Share on ${network}`,
      email: 'Share by e-mail',
      copy: 'Copy link',
      copied: 'Link copied',
    },
  },
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
  /** The language switch (header, footer): it leads to Spanish, so it names Spanish in Spanish. */
  languageSwitch: {
    label: 'Español',
    /** In a narrow header, beside the menu button. */
    short: 'ES',
    name: 'Español: esta página en español',
  },
  /** Offered to a visitor whose browser or last choice prefers Spanish, so written in Spanish. */
  languageHint: {
    region: 'Idioma',
    question: '¿Prefieres leer en español?',
    link: 'Ve esta página en español',
    close: 'Cerrar aviso de idioma',
  },
}

export type Messages = typeof messages
