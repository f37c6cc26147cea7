-- Show alerts (docs/decisions/190-show-alerts-outbox.md). A subscriber chooses areas (slugs of the Studio's area
-- documents; none chosen means everywhere) and a language for their mail. Areas go with the subscriber on erasure.
ALTER TABLE subscribers ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));
CREATE TABLE subscriber_areas (
  subscriber_id UUID NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  area TEXT NOT NULL,
  PRIMARY KEY (subscriber_id, area)
);
CREATE INDEX subscriber_areas_area ON subscriber_areas (area, subscriber_id);

-- Every published show the alerts have seen, once: a show is announced at most once, and an edit, a republish or
-- a show seen before the alerts existed ('baseline') announces nothing. 'pending' shows wait for the coalescing
-- window to close, then become one announcement.
CREATE TABLE alert_shows (
  show_id TEXT PRIMARY KEY,
  outcome TEXT NOT NULL CHECK (outcome IN ('pending', 'announced', 'skipped', 'baseline')),
  seen_at TIMESTAMPTZ NOT NULL,
  snapshot JSONB,
  announcement_id BIGINT
);
CREATE INDEX alert_shows_pending ON alert_shows (outcome, seen_at);

-- One announcement: the shows it lists (JSON snapshots) and how far its fan-out has come (subscriber id order).
CREATE TABLE alert_announcements (
  id BIGSERIAL PRIMARY KEY,
  created_at TIMESTAMPTZ NOT NULL,
  shows JSONB NOT NULL,
  fanout_cursor UUID NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  fanout_done_at TIMESTAMPTZ
);

-- The outbox: one row per subscriber and announcement. claimed_at is set while a sender holds the row and
-- cleared with its outcome, so a row found claimed after a crash may already have been accepted by SMTP.
CREATE TABLE alert_outbox (
  id BIGSERIAL PRIMARY KEY,
  announcement_id BIGINT NOT NULL REFERENCES alert_announcements (id),
  subscriber_id UUID NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  claimed_at TIMESTAMPTZ,
  lease_until TIMESTAMPTZ,
  last_error TEXT,
  done_at TIMESTAMPTZ,
  UNIQUE (announcement_id, subscriber_id)
);
CREATE INDEX alert_outbox_due ON alert_outbox (status, next_attempt_at, id);
CREATE INDEX alert_outbox_subscriber ON alert_outbox (subscriber_id);
