-- Local accounts for the content API: people who sign in to the Studio, their sessions, and API tokens.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  -- Lower-cased copy so one address cannot be registered twice with different capitalisation.
  email_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'viewer')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Only a SHA-256 of each session token is kept; the token itself exists only in the browser.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time ids handed to the Studio in `#sid=` after a password login; exchanged once for a session token.
CREATE TABLE login_grants (
  sid_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'viewer')),
  created_at TEXT NOT NULL,
  last_used_at TEXT
);

-- Studio UI settings (`/users/me/keyvalue`), per signed-in principal.
CREATE TABLE key_values (
  owner_id TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (owner_id, key)
);
