import type { CommittedTransaction } from '../types'

export type CommitListener = (transaction: CommittedTransaction) => void

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
