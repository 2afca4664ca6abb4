-- Calendar feeds (issue 29): the private addresses a team member gives a
-- calendar app (Google Agenda, the iPhone's) to follow an agenda. The
-- address carries the row's id sealed (auth.Tokens), so it can be shown
-- again; deleting the row revokes it. professional_id '' is the whole
-- store's agenda (the owner's and managers'); the member's right to see it
-- is checked again on every read.
CREATE TABLE calendar_feeds (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    member_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    professional_id TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX calendar_feeds_member ON calendar_feeds(user_id, member_id, created_at);
