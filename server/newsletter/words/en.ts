import type { NewsletterWords } from './newsletter-words'

export const en: NewsletterWords = {
  language: 'en',
  confirmation: {
    subject: (band) => `Confirm your subscription to ${band}`,
    greeting: (firstName) => `Hola ${firstName},`,
    thanks: (band) =>
      `thanks for signing up for news from ${band}: tour dates, new releases and exclusive content.`,
    openLink: 'Please confirm your address by opening this link (it works for 7 days):',
    pressButton: 'Please confirm your address (the button works for 7 days):',
    button: 'Confirm my subscription',
    pasteLink: 'Or paste this link into your browser:',
    notYou: 'If you did not sign up, ignore this mail and you will not hear from us again.',
  },
  unsubscribeLink: 'Unsubscribe',
  acknowledged: {
    doubleOptIn: 'Almost there! Check your inbox and confirm your subscription.',
    singleOptIn: "Thanks for signing up! You're on the list.",
  },
  oneClick: { done: 'You have been unsubscribed.', invalid: 'This unsubscribe link is not valid.' },
  pages: {
    confirmed: {
      title: 'Subscription confirmed',
      heading: "You're on the list!",
      body: [
        'Thanks for confirming. You will hear from us about upcoming performances, new releases and exclusive content. Every mail has an unsubscribe link.',
      ],
    },
    confirmInvalid: {
      title: 'Link invalid or expired',
      heading: 'This link is invalid or has expired',
      body: [
        'Confirmation links work for 7 days. Sign up again from the newsletter form and we will send you a fresh one.',
      ],
    },
    unsubscribe: (band) => ({
      title: 'Unsubscribe',
      heading: `Unsubscribe from the ${band} newsletter?`,
      body: ['You will not receive any more e-mails from us.'],
      button: 'Unsubscribe',
    }),
    unsubscribed: {
      title: 'Unsubscribed',
      heading: 'You have been unsubscribed',
      body: [
        'You will not receive any more newsletter e-mails from us. Changed your mind? You can sign up again any time.',
      ],
    },
    unsubscribeInvalid: {
      title: 'Link invalid',
      heading: 'This unsubscribe link is not valid',
      body: ['Please open the link from the newsletter e-mail again, or write to us and we will remove you.'],
    },
    backHome: 'Back to the home page',
  },
  preferences: {
    title: (band) => `Your mail from ${band}`,
    saved: 'Saved.',
    areasLegend: 'Tell me when a show is announced in',
    noAreas: 'The band has not named any areas yet: you hear of every show.',
    everywhere: 'Choose none to hear of shows everywhere.',
    languageLegend: 'Language of the mail',
    save: 'Save',
    leave: 'Unsubscribe from all mail',
    invalid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      body: ['Open the link from your latest mail again.'],
    },
    invalidJson: 'This link is not valid.',
  },
}
