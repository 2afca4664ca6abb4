package store

import (
	"context"
	"encoding/json"
	"time"
)

// settingTable is a table of JSON values by key: global settings, or each
// user's own. Its statements take the scope's columns first (none, or
// user_id), then the key, then for put the value and updated_at.
type settingTable struct {
	what     string // names the setting in errors
	get, put string
}

var (
	globalSettings = settingTable{what: "setting",
		get: `SELECT value FROM settings WHERE key = $1`,
		put: `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
		 ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`}
	userSettings = settingTable{what: "user setting",
		get: `SELECT value FROM user_settings WHERE user_id = $1 AND key = $2`,
		put: `INSERT INTO user_settings (user_id, key, value, updated_at) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`}
)

// Setting decodes the global setting key into v; a missing key is not found.
func (t *Tx) Setting(ctx context.Context, key string, v any) error {
	return t.readSetting(ctx, globalSettings, key, v)
}

// PutSetting stores v as the global setting key.
func (t *Tx) PutSetting(ctx context.Context, key string, v any, now time.Time) error {
	return t.writeSetting(ctx, globalSettings, key, v, now)
}

// UserSetting decodes userID's setting key into v; a missing key is not
// found.
func (t *Tx) UserSetting(ctx context.Context, userID, key string, v any) error {
	return t.readSetting(ctx, userSettings, key, v, userID)
}

// PutUserSetting stores v as userID's setting key.
func (t *Tx) PutUserSetting(ctx context.Context, userID, key string, v any, now time.Time) error {
	return t.writeSetting(ctx, userSettings, key, v, now, userID)
}

// readSetting decodes into v the setting key of table s within scope (the
// values of its scope columns).
func (t *Tx) readSetting(ctx context.Context, s settingTable, key string, v any, scope ...any) error {
	var raw string
	if err := t.queryRow(ctx, s.get, append(scope, key)...).Scan(&raw); err != nil {
		return wrap("read "+s.what+" "+key, err)
	}
	return wrap("decode "+s.what+" "+key, json.Unmarshal([]byte(raw), v))
}

// writeSetting stores v as the setting key of table s within scope.
func (t *Tx) writeSetting(ctx context.Context, s settingTable, key string, v any, now time.Time, scope ...any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return wrap("encode "+s.what+" "+key, err)
	}
	_, err = t.exec(ctx, s.put, append(scope, key, string(raw), now)...)
	return wrap("save "+s.what+" "+key, err)
}
