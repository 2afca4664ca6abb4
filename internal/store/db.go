// Package store holds every SQL statement of Agendo. It speaks to SQLite
// (modernc.org/sqlite, the default) and PostgreSQL (pgx) with the same SQL:
// both accept $N placeholders, RETURNING and ON CONFLICT. Where the engines
// really differ (error codes, connection setup) the seam is in dialect.go.
// The store holds no business rules: those live in internal/app.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Engine names a database engine.
type Engine string

// Engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

//go:embed migrations
var migrations embed.FS

// DB is a handle on the database. On SQLite it keeps one writer connection
// (writes are serialised, and each write transaction takes the lock when it
// begins) and a pool of readers; on PostgreSQL both are one pool.
type DB struct {
	Engine Engine
	w, r   *sql.DB
	// On SQLite, each pool's prepared statements (nil on PostgreSQL, where
	// pgx already caches them per connection).
	ws, rs *stmtCache
	// writes feeds SQLite's group commit (group.go); nil on PostgreSQL.
	writes chan *groupWrite
	done   chan struct{}
}

// Open connects to dsn: a postgres:// URL, or a SQLite file path.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		pool, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		pool.SetMaxOpenConns(32)
		pool.SetMaxIdleConns(16)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		db := &DB{Engine: Postgres, w: pool, r: pool}
		if err := pool.PingContext(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("connect to postgres: %w", err)
		}
		return db, nil
	}
	path := strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite://"), "file:")
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database directory: %w", err)
		}
	}
	// busy_timeout must come first so the other pragmas wait for a lock too.
	// temp_store(MEMORY) keeps the sub-journals of a group commit's
	// savepoints off the disk: each page a booking changes was otherwise
	// written to a temporary file first (a quarter of the writer's time).
	base := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(FULL)&_pragma=temp_store(MEMORY)&_time_format=sqlite"
	w, err := sql.Open("sqlite", base+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	r, err := sql.Open("sqlite", base+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	r.SetMaxOpenConns(max(4, runtime.NumCPU()*2))
	r.SetMaxIdleConns(max(4, runtime.NumCPU()*2))
	// A connection reads the planner's statistics when it opens, and only
	// then: readers are renewed hourly to plan with those Optimize keeps.
	r.SetConnMaxLifetime(time.Hour)
	db := &DB{Engine: SQLite, w: w, r: r, ws: newStmtCache(w), rs: newStmtCache(r)}
	if err := w.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	db.startGroupCommit()
	return db, nil
}

// Close closes every connection.
func (db *DB) Close() error {
	db.stopGroupCommit()
	if db.ws != nil {
		db.ws.close()
		db.rs.close()
	}
	err := db.w.Close()
	if db.r != db.w {
		err = errors.Join(err, db.r.Close())
	}
	return err
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	return wrap("ping", db.r.QueryRowContext(ctx, "SELECT 1").Scan(&one))
}

// Pools names the connection pools, for their metrics: on SQLite the one
// writer and the readers, on PostgreSQL one pool.
func (db *DB) Pools() map[string]*sql.DB {
	if db.r == db.w {
		return map[string]*sql.DB{"pool": db.w}
	}
	return map[string]*sql.DB{"writer": db.w, "readers": db.r}
}

// Tx is one transaction; every store method runs inside one. A Tx of
// ReadSingle has no transaction (tx is nil): its statements run on pool.
type Tx struct {
	tx     *sql.Tx
	pool   *sql.DB
	engine Engine
	stmts  *stmtCache // nil: statements are not cached
	// write is set in read-write transactions: on PostgreSQL their reads
	// of a row they will rewrite lock it (forUpdate).
	write bool

	mu      sync.Mutex
	queried map[string]bool // queries that may have rows open in this transaction

	// detached, when set, replaces the callers' contexts: in a group commit
	// one caller's cancellation must not interrupt the shared transaction.
	detached context.Context
}

// stmt returns query prepared on the transaction's connection, or nil to run
// it as it is. The SQLite driver keeps one prepared statement per connection
// and query, so a query whose rows may still be open (one that went through
// Tx.query in this transaction) is never handed out again: running it anew
// would reset those rows under their reader. rows marks such a query.
func (t *Tx) stmt(ctx context.Context, query string, rows bool) *sql.Stmt {
	if t.stmts == nil {
		return nil
	}
	t.mu.Lock()
	taken := t.queried[query]
	if rows && !taken {
		if t.queried == nil {
			t.queried = map[string]bool{}
		}
		t.queried[query] = true
	}
	t.mu.Unlock()
	if taken {
		return nil
	}
	if s := t.stmts.get(query); s != nil {
		if t.tx == nil {
			return s // prepared on the pool
		}
		return t.tx.StmtContext(ctx, s) // closed with the transaction
	}
	return nil
}

// queryRow's row is scanned at once, so its statement is free again after.
func (t *Tx) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if t.detached != nil {
		ctx = t.detached
	}
	if s := t.stmt(ctx, query, false); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	if t.tx == nil {
		return t.pool.QueryRowContext(ctx, query, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}

func (t *Tx) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if t.detached != nil {
		ctx = t.detached
	}
	if s := t.stmt(ctx, query, true); s != nil {
		return s.QueryContext(ctx, args...)
	}
	if t.tx == nil {
		return t.pool.QueryContext(ctx, query, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

func (t *Tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if t.detached != nil {
		ctx = t.detached
	}
	if t.tx == nil {
		return nil, errors.New("store: a write outside a transaction")
	}
	if s := t.stmt(ctx, query, false); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

// Write runs fn in a read-write transaction and commits when fn returns nil.
func (db *DB) Write(ctx context.Context, fn func(*Tx) error) error {
	if db.writes != nil {
		return db.groupWrite(ctx, fn)
	}
	return db.run(ctx, db.w, db.ws, nil, true, fn)
}

// maxAttempts bounds how often a PostgreSQL write transaction is run again
// after the server broke a deadlock or a serialization conflict by
// aborting it: the locking discipline (docs/decisions.md) makes both rare,
// and a retry is what the server asks for.
const maxAttempts = 4

// Read runs fn in a read-only transaction (a consistent snapshot).
func (db *DB) Read(ctx context.Context, fn func(*Tx) error) error {
	return db.run(ctx, db.r, db.rs, &sql.TxOptions{ReadOnly: db.Engine == Postgres}, false, fn)
}

// ReadSingle runs fn's reads without a transaction: each statement sees
// what was committed when it began, on its own. It is for a use-case that
// reads with one statement (or with statements that need no common
// snapshot), and saves it the BEGIN and COMMIT of Read: on SQLite a
// quarter of a one-row read's CPU, on PostgreSQL two round trips of three.
func (db *DB) ReadSingle(ctx context.Context, fn func(*Tx) error) error {
	return refusedText(fn(&Tx{pool: db.r, engine: db.Engine, stmts: db.rs}))
}

// ReadSnapshot runs fn in a read-only transaction that sees one snapshot
// from its first statement to its last, for reads that go over the same
// rows more than once or take long (the account's export). SQLite's reads
// already do (WAL); PostgreSQL's Read, READ COMMITTED, takes a snapshot a
// statement, so this one asks for REPEATABLE READ, which a read-only
// transaction gets without any risk of a serialization failure.
func (db *DB) ReadSnapshot(ctx context.Context, fn func(*Tx) error) error {
	if db.Engine != Postgres {
		return db.Read(ctx, fn)
	}
	return db.run(ctx, db.r, db.rs, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}, false, fn)
}

// WriteAside runs fn, a short write of bookkeeping done beside a longer
// write (a rate limit's bucket taken before a booking), so that its rows
// are not held until the longer one commits: on PostgreSQL in a
// transaction of its own whose commit does not wait for the disk
// (WriteRelaxed), on SQLite as a member of the group commit (Write), where
// writes are serial anyway and the batch's one commit serves it.
func (db *DB) WriteAside(ctx context.Context, fn func(*Tx) error) error {
	if db.Engine == Postgres {
		return db.WriteRelaxed(ctx, fn)
	}
	return db.Write(ctx, fn)
}

// WriteRelaxed runs fn like Write, but its commit does not wait for the disk:
// a power loss may drop the last such commits (never corrupt anything). It is
// for session bookkeeping, where a lost refresh means one more sign-in;
// bookings and payments always use Write.
func (db *DB) WriteRelaxed(ctx context.Context, fn func(*Tx) error) error {
	if db.Engine == Postgres {
		return db.Write(ctx, func(tx *Tx) error {
			if _, err := tx.tx.ExecContext(ctx, "SET LOCAL synchronous_commit = off"); err != nil {
				return wrap("relax commit", err)
			}
			return fn(tx)
		})
	}
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("writer connection: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA synchronous=NORMAL"); err != nil {
		return wrap("relax commit", err)
	}
	defer func() {
		// Back to FULL before the connection serves a durable write again;
		// if that fails the connection is dropped rather than reused.
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA synchronous=FULL"); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return db.run(ctx, conn, db.ws, nil, true, fn)
}

// beginner is a pool or a single connection.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

func (db *DB) run(ctx context.Context, pool beginner, stmts *stmtCache, opts *sql.TxOptions, write bool, fn func(*Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := db.runOnce(ctx, pool, stmts, opts, write, fn)
		if !write || attempt == maxAttempts || !mustRetry(err) || ctx.Err() != nil {
			return err
		}
	}
}

func (db *DB) runOnce(ctx context.Context, pool beginner, stmts *stmtCache, opts *sql.TxOptions, write bool, fn func(*Tx) error) error {
	tx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if err := fn(&Tx{tx: tx, engine: db.Engine, stmts: stmts, write: write}); err != nil {
		return refusedText(err)
	}
	if err := tx.Commit(); err != nil {
		return wrap("commit", err)
	}
	return nil
}

// afterMigration holds the steps SQL cannot say well, run in the same
// transaction right after the migration they are named by.
var afterMigration = map[string]func(*Tx, context.Context) error{
	"0010_reports.sql": (*Tx).countReportDays,
}

// Migrate applies every embedded migration not yet applied, in order.
// Migrations are append-only: a landed file is never edited.
func (db *DB) Migrate(ctx context.Context) (applied []string, err error) {
	dir := "migrations/" + string(db.Engine)
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	err = db.Write(ctx, func(tx *Tx) error {
		if db.Engine == Postgres {
			// Instances starting together must not migrate twice.
			if _, err := tx.tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7316001)"); err != nil {
				return fmt.Errorf("lock migrations: %w", err)
			}
		}
		if _, err := tx.tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		done := map[string]bool{}
		rows, err := tx.tx.QueryContext(ctx, "SELECT name FROM schema_migrations")
		if err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				rows.Close()
				return fmt.Errorf("read schema_migrations: %w", err)
			}
			done[n] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		for _, n := range names {
			if done[n] {
				continue
			}
			body, err := migrations.ReadFile(dir + "/" + n)
			if err != nil {
				return fmt.Errorf("read migration %s: %w", n, err)
			}
			if _, err := tx.tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", n, err)
			}
			if step := afterMigration[n]; step != nil {
				if err := step(tx, ctx); err != nil {
					return fmt.Errorf("migration %s: %w", n, err)
				}
			}
			if _, err := tx.tx.ExecContext(ctx, "INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)",
				n, time.Now().UTC().Format(time.RFC3339)); err != nil {
				return fmt.Errorf("record migration %s: %w", n, err)
			}
			applied = append(applied, n)
		}
		return nil
	})
	return applied, err
}

// analysisLimit is about how many rows of each index an analysis reads:
// statistics are estimates anyway, and at 500,000 appointments a full
// ANALYZE would hold the one writer for seconds.
const analysisLimit = 1000

// Optimize keeps SQLite's query planner statistics current, as SQLite
// advises for long-lived connections (PRAGMA optimize): it analyses each
// table that has none yet, or whose size changed tenfold since it was last
// analysed, reading about analysisLimit rows of each index (0.2–0.3 s for
// 100,000 appointments, where a full ANALYZE takes 1.1–1.6 s); most runs
// have nothing to analyse (about 1 ms). The server runs it when it opens
// the database, hourly, and after rebuilding the summaries. The summaries'
// writes do not depend on it (migration 0017); other queries plan better.
//
// It keeps no value samples (sqlite_stat4): a bounded analysis takes none,
// and those a full ANALYZE left are deleted. With samples, every prepared
// statement that compares a bound value with an indexed column is planned
// again whenever that value changes, which cost the busy-times and agenda
// queries a fifth of their CPU and chose no better plan for them.
//
// On PostgreSQL it does nothing: autovacuum analyses the tables.
func (db *DB) Optimize(ctx context.Context) error {
	if db.Engine != SQLite {
		return nil
	}
	// On the writer, which writes the statistics and then plans its
	// prepared statements again by itself; readers load them when they
	// connect (see Open).
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("writer connection: %w", err)
	}
	defer conn.Close()
	// 0x10002: check every table, not only those this connection has used.
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA analysis_limit = %d; PRAGMA optimize = 0x10002", analysisLimit)); err != nil {
		return wrap("optimize", err)
	}
	var samples int
	err = conn.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat4'").Scan(&samples)
	if err != nil || samples == 0 {
		return wrap("optimize", err)
	}
	res, err := conn.ExecContext(ctx, "DELETE FROM sqlite_stat4")
	if err != nil {
		return wrap("drop value samples", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		// The writer holds them in memory since it read the schema.
		_, err = conn.ExecContext(ctx, "ANALYZE sqlite_schema")
	}
	return wrap("reload statistics", err)
}
