-- The admin list shows how many subscribers have each status on every answer. Counting them reads every row;
-- triggers record each change of a status as a row of +1 or -1 instead, and the counts are their sums (ADR 176).
-- A row per change rather than one counter per status: concurrent sign-ups never wait on one another's lock.
-- The repository folds the rows into one per status when they pile up.
CREATE TABLE subscriber_status_counts (status TEXT NOT NULL, n BIGINT NOT NULL);
CREATE FUNCTION subscriber_status_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO subscriber_status_counts (status, n) VALUES (OLD.status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO subscriber_status_counts (status, n) VALUES (NEW.status, 1);
  END IF;
  RETURN NULL;
END
$$;
-- The trigger first: it locks out writes until this migration commits, so the count below misses none.
CREATE TRIGGER subscriber_status_counts_change AFTER INSERT OR DELETE OR UPDATE OF status ON subscribers
  FOR EACH ROW EXECUTE FUNCTION subscriber_status_counts_change();
INSERT INTO subscriber_status_counts (status, n) SELECT status, count(*) FROM subscribers GROUP BY status;
