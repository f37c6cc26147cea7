/**
 * Counts what is in progress per client and in total (queries being evaluated, open listeners) and refuses a
 * new one over either cap. The caller releases what it acquired, once.
 */
export class ConcurrencyCaps {
  private readonly perClient = new Map<string, number>()
  private count = 0

  constructor(private readonly caps: { perClient: number; total: number }) {}

  get total(): number {
    return this.count
  }

  /** A release function, or which cap is full. */
  acquire(client: string): (() => void) | 'client' | 'total' {
    const mine = this.perClient.get(client) ?? 0
    if (mine >= this.caps.perClient) return 'client'
    if (this.count >= this.caps.total) return 'total'
    this.perClient.set(client, mine + 1)
    this.count++
    let released = false
    return () => {
      if (released) return
      released = true
      this.count--
      const left = (this.perClient.get(client) ?? 1) - 1
      if (left > 0) this.perClient.set(client, left)
      else this.perClient.delete(client)
    }
  }
}
