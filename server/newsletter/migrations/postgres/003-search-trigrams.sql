-- The admin search finds a term anywhere in the address or a name (LIKE '%term%'). pg_trgm's GIN indexes answer
-- such a LIKE from the term's trigrams, so a search reads its matches instead of every subscriber. The extension
-- goes to the public schema once per database (it is trusted: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX subscribers_email_key_trgm ON subscribers USING gin (email_key public.gin_trgm_ops);
CREATE INDEX subscribers_first_name_trgm ON subscribers USING gin (lower(first_name) public.gin_trgm_ops);
CREATE INDEX subscribers_last_name_trgm ON subscribers USING gin (lower(last_name) public.gin_trgm_ops);
