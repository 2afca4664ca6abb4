-- A store's team settings (issue 26), one row a store once changed (none:
-- the defaults). professionals_see_phones shows clients' phones to the
-- profissionais (hidden by default); owner_professional_id is the owner's
-- own agenda, when the owner also serves clients ('Minha agenda').
CREATE TABLE team_settings (
    store_id                 TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    professionals_see_phones BOOLEAN NOT NULL DEFAULT false,
    owner_professional_id    TEXT REFERENCES professionals(id) ON DELETE SET NULL
);
