/** The home page's own sections: hero, about, contact, social links and the tour promo. */
export const messages = {
  hero: {
    seeTourDates: 'See tour dates',
    videoUnavailable: 'Video unavailable - showing image instead',
    mute: 'Mute hero video',
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
  tourPromo: {
    heading: 'On tour',
  },
}

export type HomeMessages = typeof messages
