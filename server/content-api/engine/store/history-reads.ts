import type { SqliteDatabase } from '../../../db/sqlite'
import type { Effects } from '../mendoza'
import type { Mutation } from '../types'

export type TransactionDocumentRow = {
  seq: number
  transactionId: string
  timestamp: string
  author: string
  documentId: string
  previousRev: string | null
  resultRev: string | null
  mutations: Mutation[]
  effects: Effects
}

export type HistoryBounds = { fromSeq?: number; toSeq?: number; fromTime?: string; toTime?: string }

type StoredRow = Omit<TransactionDocumentRow, 'mutations' | 'effects'> & {
  mutations: string
  apply: string
  revert: string
}

const SELECT_ROWS = `SELECT d.seq, t.id AS transactionId, t.timestamp, t.author, d.document_id AS documentId,
         d.previous_rev AS previousRev, d.result_rev AS resultRev, d.mutations,
         d.effect_apply AS apply, d.effect_revert AS revert
  FROM content_transaction_documents d JOIN content_transactions t ON t.seq = d.seq`

const BOUND_CONDITIONS: [keyof HistoryBounds, string][] = [
  ['fromSeq', 'd.seq >= ?'],
  ['toSeq', 'd.seq <= ?'],
  ['fromTime', 't.timestamp >= ?'],
  ['toTime', 't.timestamp <= ?'],
]

/** History reads: the transaction log's per-document rows, with their mutations and mendoza effects. */
export class HistoryReads {
  private readonly txSeq

  constructor(private readonly db: SqliteDatabase) {
    this.txSeq = db.prepare('SELECT seq, timestamp FROM content_transactions WHERE dataset = ? AND id = ?')
  }

  /** Commit order number and time of a transaction, or null when unknown in this dataset. */
  transactionInfo(dataset: string, transactionId: string): { seq: number; timestamp: string } | null {
    return (this.txSeq.get(dataset, transactionId) as { seq: number; timestamp: string } | undefined) ?? null
  }

  /** Per-document log rows for the given documents, oldest first, optionally bounded by commit order. */
  documentHistory(dataset: string, ids: string[], bounds: HistoryBounds = {}): TransactionDocumentRow[] {
    if (ids.length === 0) return []
    const where = ['d.dataset = ?', `d.document_id IN (${ids.map(() => '?').join(',')})`]
    const args: unknown[] = [dataset, ...ids]
    for (const [bound, condition] of BOUND_CONDITIONS) {
      if (bounds[bound] === undefined) continue
      where.push(condition)
      args.push(bounds[bound])
    }
    return this.rows(`WHERE ${where.join(' AND ')}`, args)
  }

  /** Every document change of the given transactions (all documents they touched), oldest first. */
  transactionDocuments(dataset: string, seqs: number[]): TransactionDocumentRow[] {
    if (seqs.length === 0) return []
    return this.rows(`WHERE d.dataset = ? AND d.seq IN (${seqs.map(() => '?').join(',')})`, [
      dataset,
      ...seqs,
    ])
  }

  private rows(where: string, args: unknown[]): TransactionDocumentRow[] {
    const rows = this.db
      .prepare(`${SELECT_ROWS} ${where} ORDER BY d.seq, d.position`)
      .all(...args) as StoredRow[]
    return rows.map(({ mutations, apply, revert, ...row }) => ({
      ...row,
      mutations: JSON.parse(mutations),
      effects: { apply: JSON.parse(apply), revert: JSON.parse(revert) },
    }))
  }
}
