package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migrations are applied in order, each once; a database records the ones
// it has in schema_migrations. Append new steps; never edit an old one.
var migrations = []string{
	// 1: runs, rounds, verdicts, repairs, lineage.
	`CREATE TABLE runs (
		id          INTEGER PRIMARY KEY,
		key         TEXT NOT NULL,
		library     TEXT NOT NULL DEFAULT '',
		rounds      INTEGER NOT NULL,
		status      TEXT NOT NULL,
		started_at  TEXT NOT NULL,
		finished_at TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX runs_key ON runs(key, id);
	CREATE TABLE rounds (
		run_id          INTEGER NOT NULL REFERENCES runs(id),
		round           INTEGER NOT NULL,
		total           INTEGER NOT NULL,
		verified_before INTEGER NOT NULL,
		share_before    REAL NOT NULL,
		pareto_before   TEXT NOT NULL,
		done            INTEGER NOT NULL DEFAULT 0,
		verified_after  INTEGER NOT NULL DEFAULT 0,
		share_after     REAL NOT NULL DEFAULT 0,
		pareto_after    TEXT NOT NULL DEFAULT '[]',
		started_at      TEXT NOT NULL,
		finished_at     TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (run_id, round)
	);
	CREATE TABLE verdicts (
		run_id   INTEGER NOT NULL REFERENCES runs(id),
		round    INTEGER NOT NULL,
		phase    TEXT NOT NULL,
		env      INTEGER NOT NULL,
		env_id   TEXT NOT NULL,
		verified INTEGER NOT NULL,
		code     TEXT NOT NULL,
		atom     TEXT NOT NULL,
		verdict  TEXT NOT NULL,
		PRIMARY KEY (run_id, round, phase, env)
	);
	CREATE TABLE repairs (
		run_id      INTEGER NOT NULL REFERENCES runs(id),
		round       INTEGER NOT NULL,
		seq         INTEGER NOT NULL,
		group_key   TEXT NOT NULL,
		code        TEXT NOT NULL,
		atom_kind   TEXT NOT NULL,
		atom_id     TEXT NOT NULL,
		parent      TEXT NOT NULL,
		version     TEXT NOT NULL,
		repairer    TEXT NOT NULL,
		status      TEXT NOT NULL,
		blocked     INTEGER NOT NULL,
		fixed       INTEGER NOT NULL,
		broken      INTEGER NOT NULL,
		fixed_envs  TEXT NOT NULL,
		broken_envs TEXT NOT NULL,
		reason      TEXT NOT NULL,
		atom        TEXT NOT NULL,
		created_at  TEXT NOT NULL,
		PRIMARY KEY (run_id, round, seq),
		UNIQUE (run_id, round, group_key, repairer)
	);
	CREATE TABLE lineage (
		kind       TEXT NOT NULL,
		id         TEXT NOT NULL,
		version    TEXT NOT NULL,
		parent     TEXT NOT NULL,
		root_cause TEXT NOT NULL,
		repairer   TEXT NOT NULL,
		round      INTEGER NOT NULL,
		fixed      TEXT NOT NULL,
		time       TEXT NOT NULL,
		run_id     INTEGER NOT NULL REFERENCES runs(id),
		PRIMARY KEY (kind, id, version)
	);`,
}

// SchemaVersion returns the number of migrations this build knows.
func SchemaVersion() int { return len(migrations) }

// migrate applies the missing migrations in one write transaction, so that
// two processes opening a new database at once apply each step once.
func (s *Store) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
			return fmt.Errorf("migrations table: %w", err)
		}
		var have int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return fmt.Errorf("schema version: %w", err)
		}
		if have > len(migrations) {
			return fmt.Errorf("database schema version %d is newer than this build's %d", have, len(migrations))
		}
		for v := have + 1; v <= len(migrations); v++ {
			if _, err := tx.ExecContext(ctx, migrations[v-1]); err != nil {
				return fmt.Errorf("migration %d: %w", v, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, applied_at) VALUES(?, ?)`,
				v, formatTime(time.Now())); err != nil {
				return fmt.Errorf("migration %d: %w", v, err)
			}
		}
		return nil
	})
}

// Version returns the schema version of the open database.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}
