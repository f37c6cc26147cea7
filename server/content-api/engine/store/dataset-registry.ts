import type { SqliteDatabase } from '../../../db/sqlite'
import { ContentApiError, notFound } from '../errors'
import { DATASET_NAME } from '../ids'
import { DatasetState } from './dataset-state'

/** The datasets of the store: their rows in SQLite and their live, parsed documents in memory. */
export class DatasetRegistry {
  private readonly states = new Map<string, DatasetState>()

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => Date,
  ) {}

  /** Reads every dataset and document from SQLite once, at start-up. */
  load(required: string[]): void {
    for (const row of this.db.prepare('SELECT name FROM content_datasets').all() as { name: string }[]) {
      this.states.set(row.name, new DatasetState(row.name))
    }
    for (const name of required) this.create(name)
    const rows = this.db
      .prepare('SELECT dataset, id, body FROM content_documents ORDER BY dataset, id')
      .iterate() as Iterable<{
      dataset: string
      id: string
      body: string
    }>
    for (const row of rows) this.states.get(row.dataset)?.docs.set(row.id, JSON.parse(row.body))
  }

  names(): string[] {
    return [...this.states.keys()].sort()
  }

  has(name: string): boolean {
    return this.states.has(name)
  }

  /** Creates a dataset if it does not exist yet (idempotent). */
  create(name: string): DatasetState {
    const existing = this.states.get(name)
    if (existing) return existing
    if (!DATASET_NAME.test(name))
      throw new ContentApiError(400, 'validationError', `Invalid dataset name "${name}"`)
    this.db
      .prepare('INSERT OR IGNORE INTO content_datasets (name, created_at) VALUES (?, ?)')
      .run(name, this.now().toISOString())
    const state = new DatasetState(name)
    this.states.set(name, state)
    return state
  }

  /** The dataset's live state; 404 in Sanity's shape when it does not exist. */
  get(name: string): DatasetState {
    const state = this.states.get(name)
    if (!state) throw notFound(`Dataset "${name}" not found for project ID "local"`)
    return state
  }
}
