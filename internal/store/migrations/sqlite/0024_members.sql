-- The salon is a team (issue 26). A store is still keyed by its owner's
-- user id (store_id below is that id, as user_id is in every store table);
-- its other people are members with a role, and a session is opened in
-- one store: the person's own, or one they were invited to.

-- A member of store_id: the owner is not a row (every account owns its
-- store); professional_id links a profissional to their agenda.
CREATE TABLE members (
    store_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role            TEXT NOT NULL,
    professional_id TEXT REFERENCES professionals(id) ON DELETE SET NULL,
    invited_by      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (store_id, user_id)
);
CREATE INDEX members_user_id ON members(user_id, created_at);
-- One login per professional record.
CREATE UNIQUE INDEX members_professional ON members(store_id, professional_id) WHERE professional_id IS NOT NULL;

-- A one-use invitation; the link's secret is stored only as its hash.
CREATE TABLE invitations (
    id              TEXT PRIMARY KEY,
    store_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash      TEXT NOT NULL UNIQUE,
    role            TEXT NOT NULL,
    professional_id TEXT REFERENCES professionals(id) ON DELETE CASCADE,
    name            TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    invited_by      TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    expires_at      TIMESTAMP NOT NULL,
    accepted_at     TIMESTAMP,
    accepted_by     TEXT,
    revoked_at      TIMESTAMP
);
CREATE INDEX invitations_store_id ON invitations(store_id, created_at);

-- The store a session acts in; existing sessions are their owner's.
ALTER TABLE sessions ADD COLUMN store_id TEXT NOT NULL DEFAULT '';
UPDATE sessions SET store_id = user_id;
CREATE INDEX sessions_store_user ON sessions(store_id, user_id, revoked_at);
