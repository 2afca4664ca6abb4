package store

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBackupPostgres says a PostgreSQL database is backed up with its own
// tools.
var ErrBackupPostgres = errors.New("on PostgreSQL, back up with pg_dump (see docs/deploy.md)")

// Backup writes a consistent copy of a SQLite database to path while the
// server may keep writing: VACUUM INTO reads one snapshot, so the copy is a
// whole database as of one moment, compacted. The file must not exist.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.Engine == Postgres {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("backup: %s already exists; choose a new file", path)
	}
	// The writer connection (readers are query_only, which refuses VACUUM).
	// VACUUM INTO only reads the source, in one WAL snapshot: another
	// process's writers go on while it copies.
	if _, err := db.w.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		os.Remove(path)
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	return nil
}
