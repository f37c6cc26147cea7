/** The news pages and posts. */
export const messages = {
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
}

export type NewsMessages = typeof messages
