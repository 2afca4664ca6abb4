package store

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"agendo/internal/domain"
)

// errConstraint kinds the store translates into domain errors.
type constraintKind int

const (
	notConstraint constraintKind = iota
	uniqueViolation
	foreignKeyViolation
	exclusionViolation
)

// constraintOf tells which constraint, if any, err violated, on either engine.
func constraintOf(err error) constraintKind {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505":
			return uniqueViolation
		case "23503":
			return foreignKeyViolation
		case "23P01":
			return exclusionViolation
		}
		return notConstraint
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return uniqueViolation
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return foreignKeyViolation
		}
	}
	return notConstraint
}

// translate maps driver errors to domain errors: no rows → not found.
func translate(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// refusedText maps PostgreSQL's refusal of text it cannot store (a NUL,
// invalid UTF-8) to an invalid-input error. It is a backstop: the HTTP edge
// refuses such text before any query runs.
func refusedText(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && (pe.Code == "22021" || pe.Code == "22P05") {
		return domain.Invalid("Texto inválido: use apenas caracteres comuns (UTF-8, sem caracteres nulos)", nil)
	}
	return err
}
