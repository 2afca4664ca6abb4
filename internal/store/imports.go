package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Imports of clients from a file (issue 29): the clients an import added
// carry its id (clients.import_id) until the salon edits them or the
// import is undone.

// ClientImport is one import of clients.
type ClientImport struct {
	ID        string     `json:"id" format:"uuid"`
	FileName  string     `json:"fileName"`
	Added     int        `json:"added"`
	CreatedAt time.Time  `json:"createdAt"`
	UndoneAt  *time.Time `json:"undoneAt"`
}

// AddClientImport records an import.
func (t *Tx) AddClientImport(ctx context.Context, userID, memberID string, c ClientImport) error {
	_, err := t.exec(ctx, `INSERT INTO client_imports (id, user_id, member_id, file_name, added, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		c.ID, userID, memberID, c.FileName, c.Added, c.CreatedAt)
	return wrap("add client import", err)
}

// ClientImports lists userID's latest imports, newest first.
func (t *Tx) ClientImports(ctx context.Context, userID string, n int) ([]ClientImport, error) {
	rows, err := t.query(ctx, `SELECT id, file_name, added, created_at, undone_at FROM client_imports WHERE user_id = $1
		ORDER BY created_at DESC, id DESC`+limit(n), userID)
	if err != nil {
		return nil, wrap("list client imports", err)
	}
	defer rows.Close()
	out := []ClientImport{}
	for rows.Next() {
		var c ClientImport
		if err := rows.Scan(&c.ID, &c.FileName, &c.Added, &c.CreatedAt, &c.UndoneAt); err != nil {
			return nil, wrap("list client imports", err)
		}
		out = append(out, c)
	}
	return out, wrap("list client imports", rows.Err())
}

// MarkImportUndone marks userID's import id undone at now, once: it
// reports false for an import not found, already undone or made before
// since. The row stays locked until the transaction ends, so two undos
// take turns.
func (t *Tx) MarkImportUndone(ctx context.Context, userID, id string, since, now time.Time) (bool, error) {
	res, err := t.exec(ctx, `UPDATE client_imports SET undone_at = $3 WHERE user_id = $1 AND id = $2 AND undone_at IS NULL
		AND created_at >= $4`, userID, id, now, since)
	if err != nil {
		return false, wrap("undo client import", err)
	}
	n, err := rowsAffected("undo client import", res)
	return n == 1, err
}

// ClientImport returns userID's import id.
func (t *Tx) ClientImport(ctx context.Context, userID, id string) (ClientImport, error) {
	var c ClientImport
	err := t.queryRow(ctx, `SELECT id, file_name, added, created_at, undone_at FROM client_imports WHERE user_id = $1 AND id = $2`,
		userID, id).Scan(&c.ID, &c.FileName, &c.Added, &c.CreatedAt, &c.UndoneAt)
	return c, wrap("read client import", err)
}

// UndoClientImport deletes the clients importID added that have no
// appointment and still carry its mark; those that have (they booked
// since) stay, without the mark. It returns how many went and stayed.
// Each statement checks a row's appointments as it locks it: on
// PostgreSQL, a booking committed meanwhile is seen again, and its client
// stays.
func (t *Tx) UndoClientImport(ctx context.Context, userID, importID string) (removed, kept int, err error) {
	res, err := t.exec(ctx, `DELETE FROM clients WHERE user_id = $1 AND import_id = $2 AND appointments = 0`, userID, importID)
	if err != nil {
		return 0, 0, wrap("undo client import", err)
	}
	gone, err := rowsAffected("undo client import", res)
	if err != nil {
		return 0, 0, err
	}
	res, err = t.exec(ctx, `UPDATE clients SET import_id = '' WHERE user_id = $1 AND import_id = $2`, userID, importID)
	if err != nil {
		return 0, 0, wrap("keep imported clients", err)
	}
	stayed, err := rowsAffected("keep imported clients", res)
	if err != nil {
		return 0, 0, err
	}
	if gone > 0 {
		err = t.moveTotals(ctx, userID, map[string]share{"": {clients: -int(gone)}})
	}
	return int(gone), int(stayed), err
}

// ClientNames returns, of phones, those that are userID's clients, with
// their names (the record's, else the latest appointment's).
func (t *Tx) ClientNames(ctx context.Context, userID string, phones []string) (map[string]string, error) {
	out := map[string]string{}
	const batch = 500
	for start := 0; start < len(phones); start += batch {
		part := phones[start:min(start+batch, len(phones))]
		args := []any{userID}
		marks := make([]string, len(part))
		for i, p := range part {
			args = append(args, p)
			marks[i] = fmt.Sprintf("$%d", i+2)
		}
		rows, err := t.query(ctx, `SELECT phone, name, latest FROM clients WHERE user_id = $1 AND phone IN (`+strings.Join(marks, ", ")+`)`, args...)
		if err != nil {
			return nil, wrap("read client names", err)
		}
		for rows.Next() {
			var c ClientRow
			var latest string
			if err := rows.Scan(&c.Phone, &c.Name, &latest); err != nil {
				rows.Close()
				return nil, wrap("read client names", err)
			}
			c.named(latest)
			out[c.Phone] = c.Name
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, wrap("read client names", err)
		}
	}
	return out, nil
}
