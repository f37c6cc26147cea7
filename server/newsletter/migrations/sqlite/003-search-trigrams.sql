-- The admin search finds a term anywhere in the address or a name. A trigram full-text index (FTS5, kept in step
-- by triggers) gives the rows that can contain it, so a search reads its matches instead of every subscriber.
-- It holds no copy of the text (external content: the subscribers table) and is keyed by the row's rowid.
CREATE VIRTUAL TABLE subscribers_search USING fts5(
  email_key, first_name, last_name,
  content = 'subscribers', content_rowid = 'rowid', tokenize = 'trigram'
);
CREATE TRIGGER subscribers_search_insert AFTER INSERT ON subscribers BEGIN
  INSERT INTO subscribers_search (rowid, email_key, first_name, last_name)
  VALUES (new.rowid, new.email_key, new.first_name, new.last_name);
END;
CREATE TRIGGER subscribers_search_delete AFTER DELETE ON subscribers BEGIN
  INSERT INTO subscribers_search (subscribers_search, rowid, email_key, first_name, last_name)
  VALUES ('delete', old.rowid, old.email_key, old.first_name, old.last_name);
END;
CREATE TRIGGER subscribers_search_update AFTER UPDATE OF email_key, first_name, last_name ON subscribers BEGIN
  INSERT INTO subscribers_search (subscribers_search, rowid, email_key, first_name, last_name)
  VALUES ('delete', old.rowid, old.email_key, old.first_name, old.last_name);
  INSERT INTO subscribers_search (rowid, email_key, first_name, last_name)
  VALUES (new.rowid, new.email_key, new.first_name, new.last_name);
END;
INSERT INTO subscribers_search (subscribers_search) VALUES ('rebuild');
