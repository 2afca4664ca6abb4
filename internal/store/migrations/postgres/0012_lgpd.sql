-- LGPD (docs/lgpd.md): an owner's account deletion with its window to
-- change one's mind, clients' marketing consent with its proof, and the
-- terms each owner accepted. Independent of 0011 (the admin's).

-- A deletion asked for and not yet done: signing in before delete_after
-- cancels it; after it, the hourly job deletes the account and all of it.
CREATE TABLE account_deletions (
    user_id      TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    requested_at TIMESTAMPTZ NOT NULL,
    delete_after TIMESTAMPTZ NOT NULL
);
CREATE INDEX account_deletions_due ON account_deletions(delete_after);

-- Every consent given or withdrawn, never updated: the proof of when, where
-- (source) and which text (version and the words). A client's latest row
-- is their current choice.
CREATE TABLE marketing_consents (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_phone TEXT NOT NULL,
    granted      BOOLEAN NOT NULL,
    source       TEXT NOT NULL,
    text_version TEXT NOT NULL,
    text         TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX marketing_consents_client ON marketing_consents(user_id, client_phone, created_at);

-- The version of Agendo's terms and privacy policy an owner accepted, and when.
CREATE TABLE terms_acceptances (
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    version     TEXT NOT NULL,
    accepted_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, version)
);
