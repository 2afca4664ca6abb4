package store

import (
	"context"
	"time"
)

// File is a stored, re-encoded image.
type File struct {
	ID          string
	UserID      string
	Kind        string
	ContentType string
	Width       int
	Height      int
	Data        []byte
	Thumb       []byte
	CreatedAt   time.Time
}

// CreateFile stores an image.
func (t *Tx) CreateFile(ctx context.Context, f File) error {
	_, err := t.exec(ctx, `INSERT INTO files (id, user_id, kind, content_type, width, height, size, data, thumb, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		f.ID, f.UserID, f.Kind, f.ContentType, f.Width, f.Height, len(f.Data), f.Data, f.Thumb, f.CreatedAt)
	return wrap("insert file", err)
}

// FileContent returns a file's type and bytes (the thumbnail when thumb).
func (t *Tx) FileContent(ctx context.Context, id string, thumb bool) (contentType string, data []byte, err error) {
	col := "data"
	if thumb {
		col = "thumb"
	}
	err = t.queryRow(ctx, `SELECT content_type, `+col+` FROM files WHERE id = $1`, id).Scan(&contentType, &data)
	return contentType, data, wrap("read file", err)
}

// OwnsFiles reports whether every id is a file of userID.
func (t *Tx) OwnsFiles(ctx context.Context, userID string, ids []string) (bool, error) {
	for _, id := range ids {
		var n int
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM files WHERE id = $1 AND user_id = $2`, id, userID).Scan(&n); err != nil {
			return false, wrap("check file owner", err)
		}
		if n == 0 {
			return false, nil
		}
	}
	return true, nil
}

// FileBytes is how many bytes userID's stored images take, both sizes.
func (t *Tx) FileBytes(ctx context.Context, userID string) (int64, error) {
	var n int64
	err := t.queryRow(ctx, `SELECT COALESCE(SUM(size + LENGTH(thumb)), 0) FROM files WHERE user_id = $1`, userID).Scan(&n)
	return n, wrap("sum file sizes", err)
}

// DeleteUnusedFiles deletes userID's images created before cutoff that
// nothing of theirs shows: not the profile's avatar, not the store's logo,
// not a professional's photo. It returns how many it deleted.
func (t *Tx) DeleteUnusedFiles(ctx context.Context, userID string, cutoff time.Time) (int64, error) {
	res, err := t.exec(ctx, `DELETE FROM files WHERE user_id = $1 AND created_at < $2
		AND NOT EXISTS (SELECT 1 FROM profiles WHERE profiles.id = files.user_id AND profiles.avatar = '/files/' || files.id)
		AND NOT EXISTS (SELECT 1 FROM stores WHERE stores.user_id = files.user_id AND stores.logo = '/files/' || files.id)
		AND NOT EXISTS (SELECT 1 FROM professionals WHERE professionals.user_id = files.user_id
			AND CAST(professionals.photos AS TEXT) LIKE '%"/files/' || files.id || '"%')`, userID, cutoff)
	if err != nil {
		return 0, wrap("delete unused files", err)
	}
	return rowsAffected("delete unused files", res)
}
