-- The admin search finds a term anywhere in a subscriber's search text: the address, first and last name,
-- lower-cased, separated by spaces (the same expression as SEARCH_TEXT in subscribers-repository.ts, written the
-- same way, or the planner would not match it to the index). pg_trgm's GIN index answers LIKE '%term%' on it from
-- the term's trigrams, so a search reads its matches instead of every subscriber. The extension goes to the
-- public schema once per database (it is trusted: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX subscribers_search_trgm ON subscribers
  USING gin ((email_key || ' ' || lower(first_name) || ' ' || lower(last_name)) public.gin_trgm_ops);
