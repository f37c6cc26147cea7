-- A search term shorter than a trigram matches the start of the address, the first name or the last name
-- (subscriber-search.ts, ADR 176): each is a range of one of these B-tree indexes (the address's is its UNIQUE
-- index), compared as SQLite compares text by default (BINARY, code point order).
CREATE INDEX subscribers_first_name_key ON subscribers (lower(first_name));
CREATE INDEX subscribers_last_name_key ON subscribers (lower(last_name));
