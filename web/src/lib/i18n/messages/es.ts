import type { Messages } from './en'

/**
 * The interface's Spanish strings, written for fans in Mexico and the US Southwest (tú, ¿ ¡, accents), never
 * word for word (ADR 193). The type checker fails on a key missing here.
 */
export const messages: Messages = {
  common: {
    loading: 'Cargando...',
  },
  tourByArea: {
    everywhereElse: 'En otras partes',
  },
}
