package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"

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

// mustRetry tells whether PostgreSQL aborted a transaction to break a
// deadlock (40P01) or a serialization conflict (40001): running it again
// is the answer.
func mustRetry(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// forUpdate is the clause that locks the rows a read-write transaction
// reads to rewrite (PostgreSQL); SQLite's single writer needs none.
func (t *Tx) forUpdate() string {
	if t.engine == Postgres && t.write {
		return " FOR UPDATE"
	}
	return ""
}

// lockedInOrder ends a SELECT of rows about to be written with their locks
// taken in the order of column, on PostgreSQL (SQLite has one writer and
// needs neither, and its planner then picks the best index for the rest).
func (t *Tx) lockedInOrder(column string) string {
	if s := t.forUpdate(); s != "" {
		return " ORDER BY " + column + s
	}
	return ""
}

// Lock serialises, until the transaction ends, the transactions that take
// the lock named purpose for key: a use-case that counts or sums what an
// owner has and writes on the strength of it (the free limit, a reward
// earned, a quota) takes it, keyed by the owner, before it reads; a
// billing event waiting for its customer and the event that links that
// customer take it keyed by the customer. It is a PostgreSQL advisory lock,
// so it blocks nothing else (two keys whose hashes collide merely wait for
// each other); SQLite's write transactions are serial already.
func (t *Tx) Lock(ctx context.Context, purpose, key string) error {
	if t.engine != Postgres {
		return nil
	}
	h := fnv.New64a()
	h.Write([]byte(purpose + "\x00" + key))
	_, err := t.exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(h.Sum64()))
	return wrap("lock "+purpose, err)
}

// limit is a page size written into a query as " LIMIT n": SQLite reads a
// bound LIMIT's value when it plans, so a statement with one is planned
// again on every execution (a tenth of a page's CPU). n is an int the
// use-case validated, so it cannot carry SQL, and page sizes are few, so
// the prepared statements stay few.
func limit(n int) string {
	return " LIMIT " + strconv.Itoa(n)
}

// wrap names the store operation op on an unexpected database error:
// "store: op: …", still errors.Is/As the driver's error. No rows becomes
// domain.ErrNotFound; a domain error (one the store chose) passes as it
// is; nil stays nil.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	var de *domain.Error
	if errors.As(err, &de) {
		return err
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// rowsAffected is how many rows res touched, its error named by op.
func rowsAffected(op string, res sql.Result) (int64, error) {
	n, err := res.RowsAffected()
	return n, wrap(op, err)
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
