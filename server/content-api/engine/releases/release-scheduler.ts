import { checkReferenceIntegrity } from '../reference-integrity'
import type { ContentStore } from '../store/content-store'
import { publishReleaseIn } from './publish-release'
import { RELEASE_DOCUMENTS_PREFIX, isRelease, releaseIdOf, type ReleaseDocument } from './release-document'

/** setTimeout's longest delay; a later release is looked at again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1

export type ReleaseSchedulerOptions = {
  now?: () => Date
  /** Told when a scheduled publish fails (the release goes back to `active` with the error on it). */
  onError?: (error: unknown, release: { dataset: string; releaseId: string }) => void
  /** Told after each scheduled publish commits. */
  onPublished?: (release: { dataset: string; releaseId: string; transactionId: string }) => void
}

type Due = { dataset: string; release: ReleaseDocument }

/**
 * Publishes scheduled releases at their `publishAt`, from the server itself (ADR 180): one timer for the earliest
 * scheduled release of any dataset, armed again whenever a commit touches a release document. Releases already
 * due when it starts (the server was down at their time) publish at once. Each publish re-reads the release
 * inside the commit queue and only publishes a release still `scheduled` and due, so a timer and an action
 * racing, or a restart after a crash, publish it exactly once.
 */
export class ReleaseScheduler {
  private timer: NodeJS.Timeout | undefined
  private unsubscribe: (() => void) | undefined
  private stopped = false
  private readonly now: () => Date

  constructor(
    private readonly store: ContentStore,
    private readonly options: ReleaseSchedulerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date())
  }

  start(): this {
    this.unsubscribe = this.store.onCommit((transaction) => {
      if (transaction.changes.some((change) => change.id.startsWith(RELEASE_DOCUMENTS_PREFIX))) this.arm()
    })
    this.arm()
    return this
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.unsubscribe?.()
  }

  /** Every scheduled release of every dataset, earliest first. */
  scheduled(): Due[] {
    const due: Due[] = []
    for (const dataset of this.store.datasetNames()) {
      for (const doc of this.store.dataset(dataset).docs.values()) {
        if (isRelease(doc) && doc.state === 'scheduled' && doc.publishAt) due.push({ dataset, release: doc })
      }
    }
    return due.sort((a, b) => Date.parse(a.release.publishAt!) - Date.parse(b.release.publishAt!))
  }

  private arm(): void {
    clearTimeout(this.timer)
    if (this.stopped) return
    const next = this.scheduled()[0]
    if (!next) return
    const delay = Math.max(0, Date.parse(next.release.publishAt!) - this.now().getTime())
    this.timer = setTimeout(() => void this.publishDue(), Math.min(delay, MAX_TIMER_MS))
    this.timer.unref()
  }

  /** Publishes every release whose time has come, one transaction each, then arms for the next. */
  async publishDue(): Promise<void> {
    const now = this.now().getTime()
    for (const { dataset, release } of this.scheduled()) {
      if (this.stopped || Date.parse(release.publishAt!) > now) break
      await this.publish(dataset, releaseIdOf(release._id))
    }
    this.arm()
  }

  private async publish(dataset: string, releaseId: string): Promise<void> {
    const id = RELEASE_DOCUMENTS_PREFIX + releaseId
    try {
      const { transaction } = await this.store.commit(dataset, { author: 'system' }, (ws) => {
        const release = ws.get(id)
        if (!isRelease(release) || release.state !== 'scheduled') return
        if (Date.parse(release.publishAt ?? '') > this.now().getTime()) return
        publishReleaseIn(ws, release)
        checkReferenceIntegrity(ws.touchedDocuments(), ws, 'actionError')
      })
      if (transaction.seq > 0)
        this.options.onPublished?.({ dataset, releaseId, transactionId: transaction.id })
    } catch (error) {
      if (this.stopped) return
      this.options.onError?.(error, { dataset, releaseId })
      await this.markFailed(dataset, id, error)
    }
  }

  /** A release that cannot publish goes back to `active`, unscheduled, with the reason (the Studio shows it). */
  private async markFailed(dataset: string, id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error)
    await this.store
      .commit(dataset, { author: 'system' }, (ws) => {
        const release = ws.get(id)
        if (!isRelease(release) || release.state !== 'scheduled') return
        ws.apply(id, { patch: { id, set: { state: 'active', error: { message } }, unset: ['publishAt'] } })
      })
      .catch((failure: unknown) => this.options.onError?.(failure, { dataset, releaseId: releaseIdOf(id) }))
  }
}
