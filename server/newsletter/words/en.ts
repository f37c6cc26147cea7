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
  preferencesLink: 'Change your areas or language',
  acknowledged: {
    doubleOptIn: 'Almost there! Check your inbox and confirm your subscription.',
    singleOptIn: "Thanks for signing up! You're on the list.",
  },
  oneClick: { done: 'You have been unsubscribed.', invalid: 'This unsubscribe link is not valid.' },
  pages: {
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
