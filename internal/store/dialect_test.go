package store

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"agendo/internal/domain"
)

// TestWrapNamesTheOperation: an unexpected error is named by its operation
// and still matches the driver's error; no rows is not found; a domain error
// the store chose passes untouched.
func TestWrapNamesTheOperation(t *testing.T) {
	if err := wrap("read user", nil); err != nil {
		t.Errorf("nil: got %v", err)
	}
	if err := wrap("read user", sql.ErrNoRows); err != domain.ErrNotFound {
		t.Errorf("no rows: got %v, want domain.ErrNotFound", err)
	}
	conflict := domain.Errorf(domain.CodeConflict, "Em uso")
	if err := wrap("update store", conflict); err != error(conflict) {
		t.Errorf("domain error: got %v, want it untouched", err)
	}
	boom := errors.New("disk I/O error")
	err := wrap("save appointment", boom)
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "store: save appointment: ") {
		t.Errorf("driver error: got %q, want it wrapped with the operation's name", err)
	}
	if domain.ErrorCode(err) != domain.CodeInternal {
		t.Errorf("driver error: code %s, want internal", domain.ErrorCode(err))
	}
}
