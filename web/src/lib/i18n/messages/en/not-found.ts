/** The 404 page and the pages' own not-found answers. */
export const messages = {
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
}

export type NotFoundMessages = typeof messages
