-- Clients as records (issue 29). The clients' summaries become the clients
-- table: one row a client of a store (the normalised phone), with the
-- figures their appointments give (kept by the writes, summaries.go) and
-- what the salon writes down about them. Today's clients, known by the
-- phone of their appointments, are its rows already.
--
-- name is the record's name: '' for a client known only by appointments
-- (named by the latest one, as before, and gone with the last of them); a
-- client added by hand, imported or edited has one, and stays without
-- appointments until deleted.
ALTER TABLE client_summaries RENAME TO clients;
ALTER TABLE clients ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN phone2 TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN birthday TEXT NOT NULL DEFAULT '';    -- "YYYY-MM-DD", or "--MM-DD" without the year
ALTER TABLE clients ADD COLUMN birth_md TEXT NOT NULL DEFAULT '';    -- "MM-DD": the week's birthdays
ALTER TABLE clients ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE clients ADD COLUMN tags TEXT NOT NULL DEFAULT '';        -- comma-separated
ALTER TABLE clients ADD COLUMN import_id TEXT NOT NULL DEFAULT '';   -- the import that added the client
CREATE INDEX clients_birthday ON clients(user_id, birth_md);
CREATE INDEX clients_import ON clients(user_id, import_id);

-- An import of clients from a file, undone within 7 days.
CREATE TABLE client_imports (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    member_id  TEXT NOT NULL,
    file_name  TEXT NOT NULL,
    added      INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    undone_at  TIMESTAMPTZ
);
CREATE INDEX client_imports_user ON client_imports(user_id, created_at);
