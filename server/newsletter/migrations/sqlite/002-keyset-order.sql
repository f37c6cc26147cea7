-- The list and the CSV export read newest first, ties on created_at broken by id; the export reads a page at a
-- time after the last row of the page before (keyset pagination). These indexes hold exactly that order, so
-- each page is an index range of its own rows, however deep into the list it is.
CREATE INDEX subscribers_created_at_id ON subscribers (created_at, id);
CREATE INDEX subscribers_status_created_at_id ON subscribers (status, created_at, id);
DROP INDEX subscribers_created_at;
DROP INDEX subscribers_status_created_at;
