/**
 * The interface's English strings: the shape every language's catalogue follows (ADR 193). Group keys by the
 * feature that shows them; a string that takes values is a function.
 */
export const messages = {
  common: {
    loading: 'Loading...',
  },
  tourByArea: {
    /** The heading of the whole tour's shows that belong to no area, after the areas' groups. */
    everywhereElse: 'Everywhere else',
  },
}

export type Messages = typeof messages
