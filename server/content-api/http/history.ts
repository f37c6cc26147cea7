import type { RequestHandler } from 'express'
import { principalOf } from './access'
import {
  badRequest,
  notFound,
  type ContentStore,
  type TransactionDocumentRow,
  type SanityDocument,
  assertCanReadHistory,
  documentAt,
} from '../engine'
import { apiVersionOf } from './api-version'
import { flagParam, idsParam, stringParam } from './request'

function seqOf(store: ContentStore, dataset: string, transactionId: string | undefined): number | undefined {
  if (transactionId === undefined) return undefined
  const info = store.transactionInfo(dataset, transactionId)
  if (!info) throw notFound(`Transaction "${transactionId}" not found`)
  return info.seq
}

function timeParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined
  const time = new Date(value)
  if (Number.isNaN(time.getTime())) throw badRequest(`${name} must be an ISO timestamp`)
  return time.toISOString()
}

/**
 * GET /data/history/:dataset/transactions/:ids: NDJSON, one line per transaction that touched any of the
 * documents, `{id, timestamp, author, documentIDs, effects: {[id]: {apply, revert}}, mutations?}`. The Studio's
 * timeline pages through it with `reverse`, `limit` and an inclusive `toTransaction`.
 */
export function historyTransactionsHandler(store: ContentStore): RequestHandler {
  return (req, res) => {
    apiVersionOf(req)
    const dataset = String(req.params.dataset)
    store.dataset(dataset)
    assertCanReadHistory(principalOf(res))
    const ids = idsParam(req)
    const format = stringParam(req, 'effectFormat')
    if (format !== undefined && format !== 'mendoza') throw badRequest('effectFormat must be "mendoza"')
    const limitParam = stringParam(req, 'limit')
    const limit = limitParam === undefined ? Infinity : Number(limitParam)
    if (!Number.isInteger(limit) && limit !== Infinity) throw badRequest('limit must be an integer')
    const rows = store.documentHistory(dataset, ids, {
      fromSeq: seqOf(store, dataset, stringParam(req, 'fromTransaction')),
      toSeq: seqOf(store, dataset, stringParam(req, 'toTransaction')),
      fromTime: timeParam(stringParam(req, 'fromTime'), 'fromTime'),
      toTime: timeParam(stringParam(req, 'toTime'), 'toTime'),
    })
    let seqs = [...new Set(rows.map((row) => row.seq))]
    if (flagParam(req, 'reverse')) seqs.reverse()
    seqs = seqs.slice(0, Math.max(0, limit))
    const identifiedOnly = flagParam(req, 'includeIdentifiedDocumentsOnly')
    const selected = new Set(seqs)
    const details = identifiedOnly
      ? rows.filter((row) => selected.has(row.seq))
      : store.transactionDocuments(dataset, seqs)
    const bySeq = new Map<number, TransactionDocumentRow[]>()
    for (const row of details) bySeq.set(row.seq, [...(bySeq.get(row.seq) ?? []), row])
    const withMutations = !flagParam(req, 'excludeMutations') && !flagParam(req, 'excludeContent')

    res.type('application/x-ndjson')
    const lines = seqs.map((seq) => {
      const docs = bySeq.get(seq) ?? []
      const first = docs[0]!
      return JSON.stringify({
        id: first.transactionId,
        timestamp: first.timestamp,
        author: first.author,
        documentIDs: docs.map((d) => d.documentId),
        effects: Object.fromEntries(docs.map((d) => [d.documentId, d.effects])),
        ...(withMutations ? { mutations: docs.flatMap((d) => d.mutations) } : {}),
      })
    })
    res.send(lines.length ? `${lines.join('\n')}\n` : '')
  }
}

/** GET /data/history/:dataset/documents/:ids?revision=|time=|lastRevision=true -> `{documents}`. */
export function historyDocumentsHandler(store: ContentStore): RequestHandler {
  return (req, res) => {
    apiVersionOf(req)
    const dataset = String(req.params.dataset)
    store.dataset(dataset)
    assertCanReadHistory(principalOf(res))
    const revision = stringParam(req, 'revision')
    const time = timeParam(stringParam(req, 'time'), 'time')
    const lastRevision = flagParam(req, 'lastRevision')
    if (!revision && !time && !lastRevision)
      throw badRequest('Give one of revision, time or lastRevision=true')
    const documents: SanityDocument[] = []
    for (const id of idsParam(req)) {
      const rows = store.documentHistory(dataset, [id])
      let seq: number | undefined
      if (revision) seq = store.transactionInfo(dataset, revision)?.seq
      else if (time) seq = rows.filter((row) => row.timestamp <= time).at(-1)?.seq
      else seq = rows.filter((row) => row.resultRev !== null).at(-1)?.seq
      if (seq === undefined) continue
      const doc = documentAt(store, dataset, id, seq)
      if (doc) documents.push(doc)
    }
    res.json({ documents })
  }
}
