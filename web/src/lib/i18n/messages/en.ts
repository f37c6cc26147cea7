/**
 * The interface's English strings: the shape every language's catalogue follows (ADR 193). Group keys by the
 * feature that shows them; a string that takes values is a function.
 */
export const messages = {
  common: {
    loading: 'Loading...',
  },
}

export type Messages = typeof messages
