import { createContext, useContext, type ReactNode } from 'react'

/** A value on the page that is not a plain string (a date, an image, a status): where it is edited. */
export type EditTarget = { id: string; type: string; path: string }

/** `data-sanity` for a draft page's click-to-edit overlay (ADR 160); nothing on a public page. */
export type EditAttributes = (target: EditTarget) => { 'data-sanity'?: string }

const none: EditAttributes = () => ({})

const EditAttributesContext = createContext<EditAttributes>(none)

/**
 * Only a draft page provides the real attributes (web/src/preview/, loaded in draft mode only): public pages get
 * none, and none of the code that makes them.
 */
export function EditAttributesProvider({ value, children }: { value?: EditAttributes; children: ReactNode }) {
  return <EditAttributesContext.Provider value={value ?? none}>{children}</EditAttributesContext.Provider>
}

export function useEditAttributes(): EditAttributes {
  return useContext(EditAttributesContext)
}

/** Whether this is a draft page (ADR 160), where the overlay must be able to reach every text. */
export function useIsDraftPage(): boolean {
  return useContext(EditAttributesContext) !== none
}
