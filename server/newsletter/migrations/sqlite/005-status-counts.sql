-- The admin list shows how many subscribers have each status on every answer. Counting them reads every row;
-- these counts are kept in step by triggers instead, so reading them costs three rows (ADR 176).
CREATE TABLE subscriber_status_counts (status TEXT PRIMARY KEY, n INTEGER NOT NULL);
INSERT INTO subscriber_status_counts (status, n)
SELECT statuses.status, (SELECT count(*) FROM subscribers WHERE subscribers.status = statuses.status)
FROM (SELECT 'pending' AS status UNION ALL SELECT 'subscribed' UNION ALL SELECT 'unsubscribed') AS statuses;
CREATE TRIGGER subscriber_status_counts_insert AFTER INSERT ON subscribers BEGIN
  UPDATE subscriber_status_counts SET n = n + 1 WHERE status = new.status;
END;
CREATE TRIGGER subscriber_status_counts_delete AFTER DELETE ON subscribers BEGIN
  UPDATE subscriber_status_counts SET n = n - 1 WHERE status = old.status;
END;
CREATE TRIGGER subscriber_status_counts_update AFTER UPDATE OF status ON subscribers
WHEN old.status <> new.status BEGIN
  UPDATE subscriber_status_counts SET n = n - 1 WHERE status = old.status;
  UPDATE subscriber_status_counts SET n = n + 1 WHERE status = new.status;
END;
