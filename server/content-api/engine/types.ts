import type { Effects } from './mendoza'

export type SanityDocument = {
  _id: string
  _type: string
  _rev?: string
  _createdAt?: string
  _updatedAt?: string
  [field: string]: unknown
}

/** One mutation in Sanity's wire format, addressed to documents by id (query-based ones are expanded first). */
export type Mutation =
  | { create: Record<string, unknown> }
  | { createOrReplace: Record<string, unknown> }
  | { createIfNotExists: Record<string, unknown> }
  | { delete: { id: string } }
  | { patch: { id: string; [operation: string]: unknown } }

/** What one transaction did to one document. */
export type DocumentChange = {
  id: string
  previous: SanityDocument | null
  next: SanityDocument | null
  /** Mutations that turn `previous` into `next` under @sanity/mutator, as listeners receive them. */
  mutations: Mutation[]
  effects: Effects
}

export type CommittedTransaction = {
  dataset: string
  id: string
  /** Global commit order. */
  seq: number
  timestamp: string
  author: string
  changes: DocumentChange[]
}
