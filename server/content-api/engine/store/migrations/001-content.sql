-- Datasets exist explicitly: a request naming any other dataset gets 404, as on Sanity.
CREATE TABLE content_datasets (
  name TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);

-- Current state: one row per live document; `body` is the document JSON including _id, _type, _rev.
CREATE TABLE content_documents (
  dataset TEXT NOT NULL REFERENCES content_datasets (name),
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  rev TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (dataset, id)
) WITHOUT ROWID;

-- The log: one row per committed transaction, in commit order (seq). `id` is the transaction id, which is also
-- the `_rev` of every document it wrote.
CREATE TABLE content_transactions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  dataset TEXT NOT NULL REFERENCES content_datasets (name),
  id TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  author TEXT NOT NULL,
  mutations TEXT NOT NULL,
  UNIQUE (dataset, id)
);

-- What a transaction did to each document: the mutations that turn the previous revision into the result (as
-- listeners receive them) and mendoza effects both ways, so any earlier revision can be rebuilt from the current
-- document by applying `revert` patches newest first.
CREATE TABLE content_transaction_documents (
  seq INTEGER NOT NULL REFERENCES content_transactions (seq),
  position INTEGER NOT NULL,
  dataset TEXT NOT NULL,
  document_id TEXT NOT NULL,
  previous_rev TEXT,
  result_rev TEXT,
  mutations TEXT NOT NULL,
  effect_apply TEXT NOT NULL,
  effect_revert TEXT NOT NULL,
  PRIMARY KEY (seq, position)
);

CREATE INDEX content_transaction_documents_by_document
  ON content_transaction_documents (dataset, document_id, seq);
