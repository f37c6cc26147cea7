import { RecencyMap } from '../../../recency-map'

/** A dataset as the cache sees it: its name and the version every commit bumps. */
type DatasetVersion = { readonly name: string; readonly version: number }

type Entry<T> = { value: Promise<T>; bytes: number }

/**
 * Query results per dataset version, bounded by bytes (the JSON each one holds), least recently used first out.
 * A commit makes the dataset's results unreachable (they are dropped when the dataset is next read), so a result
 * is never served for a version it was not computed from. Concurrent misses of one key share one evaluation; a
 * failed one is not kept. A result larger than a quarter of the budget is served but not kept: it would push out
 * the many small repeated reads the cache is for.
 */
export class QueryResultCache<T> {
  private readonly entries = new RecencyMap<string, Entry<T>>()
  private readonly versions = new Map<string, number>()
  private bytes = 0

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The cached result of `key` on this version of the dataset, or `evaluate`'s, kept when it fits. */
  get(dataset: DatasetVersion, key: string, evaluate: () => Promise<T>): Promise<T> {
    if (this.versions.get(dataset.name) !== dataset.version) this.dropDataset(dataset)
    const fullKey = `${dataset.name}\u0000${key}`
    const hit = this.entries.touch(fullKey)
    if (hit) return hit.value
    const entry: Entry<T> = { value: evaluate(), bytes: 0 }
    this.entries.set(fullKey, entry)
    entry.value.then(
      (value) => this.sized(fullKey, entry, this.sizeOf(value)),
      () => this.forget(fullKey, entry),
    )
    return entry.value
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  private sized(key: string, entry: Entry<T>, bytes: number): void {
    if (this.entries.get(key) !== entry) return
    if (bytes > this.maxBytes / 4) return this.forget(key, entry)
    entry.bytes = bytes
    this.bytes += bytes
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.forget(oldKey, old)
    }
  }

  private forget(key: string, entry: Entry<T>): void {
    if (this.entries.get(key) !== entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }

  private dropDataset({ name, version }: DatasetVersion): void {
    const prefix = `${name}\u0000`
    for (const [key, entry] of this.entries) if (key.startsWith(prefix)) this.forget(key, entry)
    this.versions.set(name, version)
  }
}
