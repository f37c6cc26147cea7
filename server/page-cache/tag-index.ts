/**
 * Which stored pages read which sync tags (the content a render read), so that a content change finds the pages
 * it touches without looking at every page kept: its cost follows the change, not the number of pages.
 */
export class TagIndex {
  private readonly keysByTag = new Map<string, Set<string>>()
  /** Pages whose reads are not known: every change touches them. */
  private readonly untagged = new Set<string>()

  add(key: string, tags: readonly string[] | undefined): void {
    if (!tags) {
      this.untagged.add(key)
      return
    }
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag)
      if (keys) keys.add(key)
      else this.keysByTag.set(tag, new Set([key]))
    }
  }

  delete(key: string, tags: readonly string[] | undefined): void {
    if (!tags) {
      this.untagged.delete(key)
      return
    }
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag)
      if (keys?.delete(key) && keys.size === 0) this.keysByTag.delete(tag)
    }
  }

  /** The pages that read any of `tags`, then those whose reads are not known. */
  touchedBy(tags: readonly string[]): Set<string> {
    const touched = new Set<string>()
    for (const tag of tags) for (const key of this.keysByTag.get(tag) ?? []) touched.add(key)
    for (const key of this.untagged) touched.add(key)
    return touched
  }
}
