/**
 * The interface's English strings: the shape every language's catalogue follows (ADR 193). Group keys by the
 * feature that shows them; a string that takes values is a function.
 */
export const messages = {
  common: {
    loading: 'Loading...',
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
