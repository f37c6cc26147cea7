import { isPublicId } from '../ids'
import type { CommittedTransaction } from '../types'

export type CommitListener = (transaction: CommittedTransaction) => void

/** A commit as the public sees it: the published documents it changed (never drafts or release versions). */
export type PublicChange = { dataset: string; documentIds: string[] }

/**
 * Listener fan-out: who hears about commits (listener streams, caches, the page cache), and the long-lived
 * responses to end on shutdown.
 */
export class CommitListeners {
  private readonly listeners = new Set<CommitListener>()
  private readonly streamClosers = new Set<() => void>()

  add(listener: CommitListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Hears about commits that change what anonymous readers see: their published documents. Drafts, release
   * versions and system documents (ids with a `.` segment) never reach the public site, so a commit touching
   * only those is not reported (the page cache, ADR 090, keeps its pages).
   */
  addPublic(listener: (change: PublicChange) => void): () => void {
    return this.add((transaction) => {
      const documentIds = transaction.changes.map((change) => change.id).filter(isPublicId)
      if (documentIds.length > 0) listener({ dataset: transaction.dataset, documentIds })
    })
  }

  /** Tells every listener, in registration order, after the commit is durable. */
  notify(transaction: CommittedTransaction): void {
    for (const listener of this.listeners) {
      try {
        listener(transaction)
      } catch {
        // A failing listener (e.g. a closed socket) must not affect the commit or other listeners.
      }
    }
  }

  /** Registers a long-lived response (a listener stream) to end on shutdown; returns the unregister function. */
  onEndStreams(close: () => void): () => void {
    this.streamClosers.add(close)
    return () => this.streamClosers.delete(close)
  }

  /** Ends every listener stream, so a graceful shutdown is not held open by SSE connections. */
  endStreams(): void {
    for (const close of [...this.streamClosers]) close()
    this.streamClosers.clear()
  }

  clear(): void {
    this.endStreams()
    this.listeners.clear()
  }
}
