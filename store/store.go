// Package store keeps legoenv's runs, verdicts, repairs and lineage in an
// SQLite file, so that an evolution round can resume and others can read it.
//
// The database runs in WAL mode with a busy timeout, and every write is one
// IMMEDIATE transaction: readers never wait for a running round, and two
// processes writing to one file queue up instead of corrupting it.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"time"

	"modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// BusyTimeout is how long a write waits for another writer before it fails.
const BusyTimeout = 30 * time.Second

// Store is an open legoenv database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
}

// DSN returns the driver connection string for a database file: WAL, a busy
// timeout, foreign keys on and transactions that take the write lock when
// they begin (so a transaction never fails half-way on a lock upgrade).
func DSN(path string) string {
	q := url.Values{}
	q.Set("_busy_timeout", fmt.Sprint(BusyTimeout.Milliseconds()))
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "NORMAL")
	q.Set("_foreign_keys", "1")
	q.Set("_txlock", "immediate")
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Open opens (creating it if needed) the database at path and brings its
// schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	deadline := time.Now().Add(BusyTimeout)
	for wait := 10 * time.Millisecond; ; wait = min(2*wait, time.Second) {
		s, err := openOnce(ctx, path)
		// Two processes creating one file at once: switching it to WAL
		// takes a lock SQLite does not wait for, so the later one retries.
		if !isBusy(err) || time.Now().After(deadline) {
			return s, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("open %s: %w", path, ctx.Err())
		case <-time.After(wait):
		}
	}
}

// openOnce opens the database and migrates its schema, once.
func openOnce(ctx context.Context, path string) (*Store, error) {
	db, err := sql.Open("sqlite", DSN(path))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_BUSY
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// DB exposes the database for read-only queries by other packages.
func (s *Store) DB() *sql.DB { return s.db }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// tx runs f in one write transaction, committed when f returns nil.
func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

const timeLayout = time.RFC3339Nano

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeLayout)
}

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
