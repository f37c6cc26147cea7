/** The newsletter sign-up dialog and its area choice. */
export const messages = {
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
    /** The popup's heading and line while the CMS has none (docs/fan-site-rules.md §9). */
    defaultTitle: 'Stay in the Loop',
    defaultText: 'Get updates on upcoming performances, new releases and exclusive content.',
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
}

export type NewsletterMessages = typeof messages
