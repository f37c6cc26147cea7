/** The newsletter's confirmed and unsubscribe pages. */
export const messages = {
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
}

export type NewsletterPagesMessages = typeof messages
