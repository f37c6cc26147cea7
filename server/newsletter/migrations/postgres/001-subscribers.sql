-- Subscribers of the newsletter. email_key is the lower-cased address, so uniqueness ignores case.
CREATE TABLE subscribers (
  id UUID PRIMARY KEY,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
  consent_text TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  source TEXT NOT NULL,
  ip_hash TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  confirmed_at TIMESTAMPTZ,
  unsubscribed_at TIMESTAMPTZ,
  confirmation_sent_at TIMESTAMPTZ
);
CREATE INDEX subscribers_created_at ON subscribers (created_at);
CREATE INDEX subscribers_status_created_at ON subscribers (status, created_at);
