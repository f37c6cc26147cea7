-- A search term shorter than a trigram matches the start of the address, the first name or the last name
-- (subscriber-search.ts, ADR 176): each is a range of one of these B-tree indexes. They compare in the "C"
-- collation (code point order), whatever the database's, so a range of a prefix holds exactly the strings that
-- start with it; the queries name the same collation and expressions, or the planner would not use them.
CREATE INDEX subscribers_email_key_prefix ON subscribers ((email_key COLLATE "C"));
CREATE INDEX subscribers_first_name_prefix ON subscribers ((lower(first_name) COLLATE "C"));
CREATE INDEX subscribers_last_name_prefix ON subscribers ((lower(last_name) COLLATE "C"));
