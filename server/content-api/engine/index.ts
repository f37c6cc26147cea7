/**
 * The content engine's public surface (ADR 074): everything that knows documents and nothing of HTTP. The HTTP
 * edge (`../http`), the server's page renders, the CLI, backups and benchmarks call the engine through this
 * module, in-process. Files inside `engine/` import each other directly; nothing outside imports them.
 */

// --- Store: datasets, commits, listeners, history ---

/** The content store: dataset registry, commit queue and transaction log, listener fan-out, history reads. */
export { ContentStore, type ContentStoreOptions } from './store/content-store'
/** What a commit is told (author, transaction id, dry run) and hands to `build`. */
export type { CommitOptions, Committed } from './store/commit-log'
/** Commit listeners: every committed transaction, in order, after it is durable. */
export type { CommitListener } from './store/commit-listeners'
/** The live, parsed documents of one dataset, with values memoised per dataset version. */
export { DatasetState } from './store/dataset-state'
/** The documents one transaction sees and changes before it commits. */
export { WorkingSet } from './store/working-set'
/** One document's row in the transaction log, with its mutations and mendoza effects. */
export type { TransactionDocumentRow, HistoryBounds } from './store/history-reads'
/** A document as it was right after a given transaction, rebuilt from the log. */
export { documentAt } from './history'

// --- Documents ---

/** Documents, mutations and committed transactions as the engine stores and reports them. */
export type { CommittedTransaction, DocumentChange, Mutation, SanityDocument } from './types'
/** Document and dataset ids: drafts, release versions, public ids, validation, random ids. */
export {
  DATASET_NAME,
  DOCUMENT_ID,
  DRAFTS_PREFIX,
  VERSIONS_PREFIX,
  getDraftId,
  getPublishedId,
  getVersionName,
  isDraftId,
  isPublicId,
  isPublishedId,
  isValidDocumentId,
  isVersionId,
  randomId,
} from './ids'
/** Mendoza effects (apply/revert patches) of a document change, as the Studio's history reads them. */
export { diffValue, documentEffects, withoutRev, type Effects, type MendozaPatch } from './mendoza'
/** Sanity mutations (create, patch, delete...) applied to a working set; the mutate body schema. */
export { applyMutations, mutateBodySchema, type MutationResult } from './mutations'
/** Document actions (create, edit, publish...): the body schema, one action's parser, and the handlers. */
export { actionsBodySchema, parseAction, type Action } from './actions/action-schema'
export { applyActions } from './actions/apply-actions'
export type { ActionContext } from './actions/action-context'
/**
 * Content Releases (ADR 180): release documents, the rules every write keeps for them, publishing a release as
 * one transaction, and the scheduler that publishes scheduled releases on time.
 */
export { checkReleaseRules } from './releases/release-rules'
export {
  RELEASE_DOCUMENTS_PREFIX,
  RELEASE_DOCUMENT_TYPE,
  isRelease,
  releaseDocumentId,
  type ReleaseDocument,
} from './releases/release-document'
export { MAX_RELEASE_BYTES, MAX_RELEASE_DOCUMENTS } from './releases/release-limits'
export { ReleaseScheduler, type ReleaseSchedulerOptions } from './releases/release-scheduler'
export { versionsBeforeArchive } from './releases/archived-versions'
/**
 * Strong references a transaction leaves must resolve, and referenced documents keep their type (ADR 140);
 * `strongReferences` lists a document's strong references.
 */
export { checkReferenceIntegrity, strongReferences } from './reference-integrity'
/** Imports refuse strong references that resolve nowhere, or weaken them on request (ADR 140). */
export { MissingReferencesError, type MissingReferences } from './transfer/import-references'
/** References marked `_strengthenOnPublish` become strong when their document is published. */
export { strengthenOnPublish } from './strengthen-on-publish'

// --- Errors and authorization ---

/** The one error type: status, Sanity's error type and description; the HTTP edge answers it as is. */
export {
  ContentApiError,
  badRequest,
  conflict,
  forbidden,
  insufficientPermissions,
  mutationError,
  notAuthenticated,
  notFound,
  unauthorized,
} from './errors'
/** Who is asking: anonymous, a signed-in user or an API token, with a role. */
export { ANONYMOUS, roleOf, type Principal, type Role } from './principal'
/** The authorization table (role -> permissions) and every predicate derived from it. */
export {
  PERMISSIONS,
  assertCan,
  assertCanReadHistory,
  assertCanWrite,
  can,
  canReadDocument,
  canReadDrafts,
  canWrite,
  identityOf,
  isAdministrator,
  permissionsOf,
  publicOnly,
  type Permission,
} from './authorization'

// --- Reads: perspectives and GROQ ---

/** Perspectives (raw, published, drafts, release stacks) and the document views they select. */
export {
  documentIndexFor,
  documentsFor,
  parsePerspective,
  perspectiveKey,
  queryViewFor,
  scanIndexFor,
  type Perspective,
} from './perspectives'
/** GROQ evaluation in this thread, with scans narrowed to the documents a filter can match. */
export { DEFAULT_QUERY_MAX_DEPTH, runQuery, runQueryWithSourceMap, type QueryContext } from './query/groq'
/** Content source maps (`resultSourceMap`): which document and path each value of a result came from. */
export type { ContentSourceMap, SourceMapMode } from './query/source-map/source-map'
/** GROQ evaluation in worker threads (ADR 080): the pool, and the runner that applies lanes and limits. */
export {
  QueryPool,
  QueryRunner,
  defaultQueryThreads,
  sharedQueryPool,
  type QueryPoolOptions,
} from './query/query-pool'
/** Limits on query input and evaluation, and the lane (public, viewer or trusted) a caller's queries run in. */
export {
  DEFAULT_QUERY_LIMITS,
  callerOf,
  checkQueryInput,
  type Caller,
  type QueryLimits,
} from './query/query-limits'
/** Caps on concurrent work per client and overall, answered with 429. */
export { ConcurrencyCaps } from './query/concurrency-caps'
export { QueryResultCache } from './query/result-cache'
/** A dataset version's documents in shared memory, for the query workers. */
export { viewOf } from './query/dataset-snapshot'
/** Published-perspective reads for the server's own page renders, in-process (ADR 090). */
export { createPublishedReader, type PublishedReader } from './query/published-reads'
/** Sync tags: what a query read and what a commit changed, as opaque `s1:` strings (ADR 140). */
export {
  EVERYTHING_TAG,
  QueryReads,
  syncTagsOfCommit,
  syncTagsOfReads,
  type CommitSyncTags,
  type SyncTag,
} from './query/sync-tags'
/** The Live Content API's events: every commit's sync tags, numbered per dataset for resumption. */
export { LIVE_EVENTS_KEPT, LiveEvents, liveEventsOf, type LiveEvent } from './live-events'

// --- Import and export ---

/** Sanity's NDJSON export format. */
export { readNdjson, toNdjson } from './transfer/ndjson'
/** Import in Sanity's export format (assets via an AssetImporter) and first-start seeding. */
export {
  importDocuments,
  importNdjsonFile,
  seedIfEmpty,
  type AssetImporter,
  type AssetImportRequest,
  type ImportMode,
  type ImportOptions,
  type ImportResult,
} from './transfer/import-documents'
/** The dataset's documents in a stable order, for export. */
export { exportDocuments } from './transfer/export-documents'
