-- Agendo schema, PostgreSQL. Timestamps are timestamptz instants; appointment date/time are
-- wall-clock text in the store's time zone; JSON lives in JSONB; money is integer cents.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE profiles (
    id         TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    phone      TEXT,
    avatar     TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    refreshed_at TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX sessions_user_id ON sessions(user_id, revoked_at);

CREATE TABLE refresh_tokens (
    id         TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    parent_id  TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX refresh_tokens_session_id ON refresh_tokens(session_id, created_at);

CREATE TABLE user_roles (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, role)
);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX password_resets_user_id ON password_resets(user_id, created_at);

-- Global settings written by admins (help, plan config, webhook config).
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      JSONB NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- Per-owner settings (gamification, onboarding, reminders sent).
CREATE TABLE user_settings (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key        TEXT NOT NULL,
    value      JSONB NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, key)
);

CREATE TABLE files (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    size         INTEGER NOT NULL,
    data         BYTEA NOT NULL,
    thumb        BYTEA NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX files_user_id ON files(user_id, created_at);

CREATE TABLE stores (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    name             TEXT NOT NULL DEFAULT '',
    description      TEXT NOT NULL DEFAULT '',
    phone            TEXT NOT NULL DEFAULT '',
    address          TEXT NOT NULL DEFAULT '',
    logo             TEXT,
    booking_flow     TEXT NOT NULL DEFAULT 'service-first',
    hero_gradient    TEXT NOT NULL,
    working_hours    JSONB NOT NULL,
    social_media     JSONB NOT NULL,
    payment_settings JSONB NOT NULL,
    slug             TEXT UNIQUE,
    time_zone        TEXT NOT NULL DEFAULT 'America/Sao_Paulo',
    min_notice_min   INTEGER NOT NULL DEFAULT 60,
    horizon_days     INTEGER NOT NULL DEFAULT 60,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);

CREATE TABLE professionals (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name                  TEXT NOT NULL,
    role                  TEXT NOT NULL DEFAULT '',
    specialties           JSONB NOT NULL DEFAULT '[]',
    calendar_type         TEXT NOT NULL DEFAULT 'app',
    working_hours         JSONB,
    booking_interval      INTEGER NOT NULL DEFAULT 30,
    google_calendar_embed TEXT,
    photos                JSONB NOT NULL DEFAULT '[]',
    commission_pct        INTEGER NOT NULL DEFAULT 0,
    created_at            TIMESTAMPTZ NOT NULL,
    updated_at            TIMESTAMPTZ NOT NULL
);
CREATE INDEX professionals_user_id ON professionals(user_id, created_at);

CREATE TABLE services (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    duration         INTEGER NOT NULL,
    price            INTEGER,
    professional_ids JSONB NOT NULL DEFAULT '[]',
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE INDEX services_user_id ON services(user_id, created_at);

CREATE TABLE appointments (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_name     TEXT NOT NULL,
    client_phone    TEXT NOT NULL,
    service_id      TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
    professional_id TEXT NOT NULL REFERENCES professionals(id) ON DELETE CASCADE,
    date            TEXT NOT NULL,
    time            TEXT NOT NULL,
    duration_min    INTEGER NOT NULL,
    status          TEXT NOT NULL DEFAULT 'scheduled',
    payment_method  TEXT,
    price           INTEGER,
    notes           TEXT NOT NULL DEFAULT '',
    source          TEXT NOT NULL DEFAULT 'owner',
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX appointments_user_date ON appointments(user_id, date, time);
CREATE INDEX appointments_professional_date ON appointments(professional_id, date, time);
CREATE INDEX appointments_user_phone ON appointments(user_id, client_phone);
CREATE INDEX appointments_service_id ON appointments(service_id);

CREATE TABLE deleted_appointments (
    id              TEXT PRIMARY KEY,
    original_id     TEXT NOT NULL,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_name     TEXT NOT NULL,
    client_phone    TEXT NOT NULL,
    service_id      TEXT NOT NULL,
    professional_id TEXT NOT NULL,
    date            TEXT NOT NULL,
    time            TEXT NOT NULL,
    duration_min    INTEGER NOT NULL,
    status          TEXT NOT NULL,
    payment_method  TEXT,
    price           INTEGER,
    notes           TEXT NOT NULL DEFAULT '',
    source          TEXT NOT NULL DEFAULT 'owner',
    deleted_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX deleted_appointments_user ON deleted_appointments(user_id, deleted_at);
CREATE INDEX deleted_appointments_original ON deleted_appointments(user_id, original_id);

CREATE TABLE promotions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    type         TEXT NOT NULL,
    target_count INTEGER,
    target_value INTEGER,
    service_id   TEXT REFERENCES services(id) ON DELETE SET NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    is_active    BOOLEAN NOT NULL DEFAULT TRUE
);
CREATE INDEX promotions_user_id ON promotions(user_id, created_at);

CREATE TABLE blocked_times (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    professional_id TEXT NOT NULL REFERENCES professionals(id) ON DELETE CASCADE,
    date            TEXT NOT NULL,
    start_time      TEXT NOT NULL,
    end_time        TEXT NOT NULL,
    reason          TEXT,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX blocked_times_user_date ON blocked_times(user_id, date);
CREATE INDEX blocked_times_professional_date ON blocked_times(professional_id, date);

CREATE TABLE user_plans (
    user_id       TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    type          TEXT NOT NULL DEFAULT 'free',
    is_active     BOOLEAN NOT NULL DEFAULT TRUE,
    subscribed_at TIMESTAMPTZ,
    expires_at    TIMESTAMPTZ,
    status_reason TEXT,
    customer_id   TEXT,
    last_event_at TIMESTAMPTZ,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX user_plans_customer_id ON user_plans(customer_id);

CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    event_id    TEXT UNIQUE,
    type        TEXT NOT NULL DEFAULT '',
    user_id     TEXT,
    valid       BOOLEAN NOT NULL,
    applied     BOOLEAN NOT NULL,
    error       TEXT NOT NULL DEFAULT '',
    payload     TEXT NOT NULL,
    event_at    TIMESTAMPTZ,
    received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_events_received ON webhook_events(received_at);

CREATE TABLE audit_log (
    id            TEXT PRIMARY KEY,
    admin_user_id TEXT NOT NULL,
    action        TEXT NOT NULL,
    data_affected TEXT NOT NULL,
    success       BOOLEAN NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX audit_log_created ON audit_log(created_at);

CREATE TABLE visitor_salts (
    day        TEXT PRIMARY KEY,
    salt       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE page_views (
    id           TEXT PRIMARY KEY,
    store_id     TEXT REFERENCES stores(id) ON DELETE CASCADE,
    path         TEXT NOT NULL,
    referrer     TEXT NOT NULL DEFAULT '',
    visitor_hash TEXT NOT NULL,
    day          TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX page_views_store_day ON page_views(store_id, day);
