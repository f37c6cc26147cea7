-- The admin search finds a term anywhere in a subscriber's search text: the address, first and last name,
-- lower-cased, separated by spaces (the same expression as SEARCH_TEXT in subscribers-repository.ts). A trigram
-- full-text index (FTS5) of that text, kept in step by triggers, gives the rows that can contain the term, so a
-- search reads its matches instead of every subscriber. Contentless: it holds the index, not a copy of the text.
CREATE VIRTUAL TABLE subscribers_search USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
CREATE TRIGGER subscribers_search_insert AFTER INSERT ON subscribers BEGIN
  INSERT INTO subscribers_search (rowid, text)
  VALUES (new.rowid, new.email_key || ' ' || lower(new.first_name) || ' ' || lower(new.last_name));
END;
CREATE TRIGGER subscribers_search_delete AFTER DELETE ON subscribers BEGIN
  DELETE FROM subscribers_search WHERE rowid = old.rowid;
END;
CREATE TRIGGER subscribers_search_update AFTER UPDATE OF email_key, first_name, last_name ON subscribers BEGIN
  DELETE FROM subscribers_search WHERE rowid = old.rowid;
  INSERT INTO subscribers_search (rowid, text)
  VALUES (new.rowid, new.email_key || ' ' || lower(new.first_name) || ' ' || lower(new.last_name));
END;
INSERT INTO subscribers_search (rowid, text)
SELECT rowid, email_key || ' ' || lower(first_name) || ' ' || lower(last_name) FROM subscribers;
