-- Loyalty cards (SPEC.md "Promotion", refined in docs/decisions.md: the
-- reward, the dates visits count between, how long a reward stays valid),
-- the rewards handed out, and the clients already contacted from a WhatsApp
-- list. The owner's loyalty levels are a user setting (user_settings).
ALTER TABLE promotions ADD COLUMN reward TEXT NOT NULL DEFAULT '';
ALTER TABLE promotions ADD COLUMN start_date TEXT;
ALTER TABLE promotions ADD COLUMN end_date TEXT;
ALTER TABLE promotions ADD COLUMN valid_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE promotions ADD COLUMN updated_at TIMESTAMPTZ;

-- counted_until is the moment ("YYYY-MM-DD HH:MM") of the visit that
-- earned the reward: the client's card restarts after it.
CREATE TABLE redemptions (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    promotion_id   TEXT NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
    client_phone   TEXT NOT NULL,
    appointment_id TEXT,
    reward         TEXT NOT NULL,
    counted_until  TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX redemptions_client ON redemptions(user_id, client_phone, created_at);
CREATE INDEX redemptions_promotion ON redemptions(promotion_id, client_phone);

CREATE TABLE whatsapp_contacts (
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    phone        TEXT NOT NULL,
    contacted_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, phone)
);

-- Eligibility reads an owner's completed visits.
CREATE INDEX appointments_completed ON appointments(user_id, status, date);
