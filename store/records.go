package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Run statuses.
const (
	RunRunning = "running"
	RunDone    = "done"
)

// Run is one evolution run: a library (by content key) evolved for a number
// of rounds. A run with the same key is resumed rather than started anew.
type Run struct {
	ID         int64     `json:"id"`
	Key        string    `json:"key"`
	Library    string    `json:"library"`
	Rounds     int       `json:"rounds"`
	Status     string    `json:"status"`
	StartedAt  time.Time `json:"started_at"`
	FinishedAt time.Time `json:"finished_at"`
}

// StartRun returns the latest run with key, or creates one. resumed says
// whether it existed.
func (s *Store) StartRun(ctx context.Context, key, library string, rounds int, now time.Time) (run Run, resumed bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		row := tx.QueryRowContext(ctx, `SELECT id, key, library, rounds, status, started_at, finished_at
			FROM runs WHERE key = ? ORDER BY id DESC LIMIT 1`, key)
		r, err := scanRun(row)
		if err == nil {
			run, resumed = r, true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO runs(key, library, rounds, status, started_at) VALUES(?, ?, ?, ?, ?)`,
			key, library, rounds, RunRunning, formatTime(now))
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		run = Run{ID: id, Key: key, Library: library, Rounds: rounds, Status: RunRunning, StartedAt: now.UTC()}
		return nil
	})
	if err != nil {
		return Run{}, false, fmt.Errorf("start run: %w", err)
	}
	return run, resumed, nil
}

// NewRun creates a run even when one with key exists (a fresh start).
func (s *Store) NewRun(ctx context.Context, key, library string, rounds int, now time.Time) (Run, error) {
	var run Run
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO runs(key, library, rounds, status, started_at) VALUES(?, ?, ?, ?, ?)`,
			key, library, rounds, RunRunning, formatTime(now))
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		run = Run{ID: id, Key: key, Library: library, Rounds: rounds, Status: RunRunning, StartedAt: now.UTC()}
		return err
	})
	if err != nil {
		return Run{}, fmt.Errorf("new run: %w", err)
	}
	return run, nil
}

// FinishRun marks a run done.
func (s *Store) FinishRun(ctx context.Context, id int64, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE runs SET status = ?, finished_at = ? WHERE id = ? AND status != ?`,
			RunDone, formatTime(now), id, RunDone)
		return err
	})
	if err != nil {
		return fmt.Errorf("finish run %d: %w", id, err)
	}
	return nil
}

// Runs lists every run, newest first.
func (s *Store) Runs(ctx context.Context) ([]Run, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, key, library, rounds, status, started_at, finished_at FROM runs ORDER BY id DESC`)
	if err != nil {
		return nil, fmt.Errorf("runs: %w", err)
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("runs: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

type scanner interface{ Scan(dest ...any) error }

func scanRun(row scanner) (Run, error) {
	var r Run
	var started, finished string
	if err := row.Scan(&r.ID, &r.Key, &r.Library, &r.Rounds, &r.Status, &started, &finished); err != nil {
		return Run{}, err
	}
	r.StartedAt, r.FinishedAt = parseTime(started), parseTime(finished)
	return r, nil
}

// Round is the record of one round of a run. Pareto fields hold JSON.
type Round struct {
	RunID          int64
	Round          int
	Total          int
	VerifiedBefore int
	ShareBefore    float64
	ParetoBefore   json.RawMessage
	Done           bool
	VerifiedAfter  int
	ShareAfter     float64
	ParetoAfter    json.RawMessage
	StartedAt      time.Time
	FinishedAt     time.Time
}

// Verdict is one environment's verdict as stored: the fields queries need,
// and the whole verdict as JSON.
type Verdict struct {
	Env      int    // index of the recipe in the library
	EnvID    string // the environment id
	Verified bool
	Code     string // root cause, "" when verified
	Atom     string // the blamed atom, "kind/id@version"
	JSON     json.RawMessage
}

// Phases of a round at which verdicts are stored.
const (
	PhaseBefore = "before"
	PhaseAfter  = "after"
)

// BeginRound records the start of a round with the verdicts it starts
// from. If the round is already recorded (a resumed run), it returns the
// stored record and writes nothing.
func (s *Store) BeginRound(ctx context.Context, r Round, vs []Verdict) (Round, error) {
	var out Round
	err := s.tx(ctx, func(tx *sql.Tx) error {
		got, err := scanRound(tx.QueryRowContext(ctx, roundSelect+` WHERE run_id = ? AND round = ?`, r.RunID, r.Round))
		if err == nil {
			out = got
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rounds(run_id, round, total, verified_before, share_before, pareto_before, started_at)
			VALUES(?, ?, ?, ?, ?, ?, ?)`, r.RunID, r.Round, r.Total, r.VerifiedBefore, r.ShareBefore, rawOr(r.ParetoBefore), formatTime(r.StartedAt)); err != nil {
			return err
		}
		if err := insertVerdicts(ctx, tx, r.RunID, r.Round, PhaseBefore, vs); err != nil {
			return err
		}
		out = r
		return nil
	})
	if err != nil {
		return Round{}, fmt.Errorf("begin round %d: %w", r.Round, err)
	}
	return out, nil
}

// EndRound records the end of a round with the verdicts it ends with.
// Ending a round twice keeps the first record.
func (s *Store) EndRound(ctx context.Context, r Round, vs []Verdict) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE rounds SET done = 1, verified_after = ?, share_after = ?, pareto_after = ?, finished_at = ?
			WHERE run_id = ? AND round = ? AND done = 0`, r.VerifiedAfter, r.ShareAfter, rawOr(r.ParetoAfter), formatTime(r.FinishedAt), r.RunID, r.Round)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return insertVerdicts(ctx, tx, r.RunID, r.Round, PhaseAfter, vs)
	})
	if err != nil {
		return fmt.Errorf("end round %d: %w", r.Round, err)
	}
	return nil
}

func rawOr(b json.RawMessage) string {
	if len(b) == 0 {
		return "[]"
	}
	return string(b)
}

func insertVerdicts(ctx context.Context, tx *sql.Tx, run int64, round int, phase string, vs []Verdict) error {
	if len(vs) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO verdicts(run_id, round, phase, env, env_id, verified, code, atom, verdict)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, v := range vs {
		if _, err := st.ExecContext(ctx, run, round, phase, v.Env, v.EnvID, v.Verified, v.Code, v.Atom, rawOr(v.JSON)); err != nil {
			return fmt.Errorf("verdict %d: %w", v.Env, err)
		}
	}
	return nil
}

const roundSelect = `SELECT run_id, round, total, verified_before, share_before, pareto_before, done,
	verified_after, share_after, pareto_after, started_at, finished_at FROM rounds`

func scanRound(row scanner) (Round, error) {
	var r Round
	var pb, pa, started, finished string
	if err := row.Scan(&r.RunID, &r.Round, &r.Total, &r.VerifiedBefore, &r.ShareBefore, &pb, &r.Done,
		&r.VerifiedAfter, &r.ShareAfter, &pa, &started, &finished); err != nil {
		return Round{}, err
	}
	r.ParetoBefore, r.ParetoAfter = json.RawMessage(pb), json.RawMessage(pa)
	r.StartedAt, r.FinishedAt = parseTime(started), parseTime(finished)
	return r, nil
}

// Rounds lists a run's rounds in order.
func (s *Store) Rounds(ctx context.Context, run int64) ([]Round, error) {
	rows, err := s.db.QueryContext(ctx, roundSelect+` WHERE run_id = ? ORDER BY round`, run)
	if err != nil {
		return nil, fmt.Errorf("rounds of run %d: %w", run, err)
	}
	defer rows.Close()
	var out []Round
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, fmt.Errorf("rounds of run %d: %w", run, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Verdicts returns the verdicts stored for one phase of a round, by env.
func (s *Store) Verdicts(ctx context.Context, run int64, round int, phase string) ([]Verdict, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT env, env_id, verified, code, atom, verdict FROM verdicts
		WHERE run_id = ? AND round = ? AND phase = ? ORDER BY env`, run, round, phase)
	if err != nil {
		return nil, fmt.Errorf("verdicts: %w", err)
	}
	defer rows.Close()
	var out []Verdict
	for rows.Next() {
		var v Verdict
		var js string
		if err := rows.Scan(&v.Env, &v.EnvID, &v.Verified, &v.Code, &v.Atom, &js); err != nil {
			return nil, fmt.Errorf("verdicts: %w", err)
		}
		v.JSON = json.RawMessage(js)
		out = append(out, v)
	}
	return out, rows.Err()
}

// Repair statuses.
const (
	Accepted = "accepted"
	Rejected = "rejected"
	Skipped  = "skipped" // no repairer, or the repairer declined
)

// Repair is one decision of a round on one group of failures: a proposal
// accepted or rejected, or a group left alone.
type Repair struct {
	RunID      int64           `json:"run_id"`
	Round      int             `json:"round"`
	Seq        int             `json:"seq"` // order within the round, assigned on record
	Group      string          `json:"group"`
	Code       string          `json:"root_cause"`
	AtomKind   string          `json:"atom_kind"`
	AtomID     string          `json:"atom_id"`
	Parent     string          `json:"parent"`  // the version repaired
	Version    string          `json:"version"` // the version proposed, "" when skipped
	Repairer   string          `json:"repairer"`
	Status     string          `json:"status"`
	Blocked    int             `json:"blocked"` // environments the group held back
	Fixed      int             `json:"fixed"`
	Broken     int             `json:"broken"`
	FixedEnvs  []string        `json:"fixed_envs"`
	BrokenEnvs []string        `json:"broken_envs"`
	Reason     string          `json:"reason"`
	Atom       json.RawMessage `json:"atom,omitempty"` // the proposed atom, as JSON
	CreatedAt  time.Time       `json:"created_at"`
}

// Lineage is the stored lineage of one accepted atom version.
type Lineage struct {
	Kind      string    `json:"kind"`
	ID        string    `json:"id"`
	Version   string    `json:"version"`
	Parent    string    `json:"parent"`
	RootCause string    `json:"root_cause"`
	Repairer  string    `json:"repairer"`
	Round     int       `json:"round"`
	Fixed     []string  `json:"fixed"`
	Time      time.Time `json:"time"`
	RunID     int64     `json:"run_id"`
}

// RecordRepair stores a decision, and for an accepted one its lineage, in
// one transaction. If the same decision (run, round, group, repairer) is
// already stored, by this process before a crash or by another process,
// the stored one is returned and existed is true: the caller must go on from
// it, not from its own.
func (s *Store) RecordRepair(ctx context.Context, r Repair, lin *Lineage) (stored Repair, existed bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		got, err := scanRepair(tx.QueryRowContext(ctx, repairSelect+` WHERE run_id = ? AND round = ? AND group_key = ? AND repairer = ?`,
			r.RunID, r.Round, r.Group, r.Repairer))
		if err == nil {
			stored, existed = got, true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) + 1 FROM repairs WHERE run_id = ? AND round = ?`,
			r.RunID, r.Round).Scan(&r.Seq); err != nil {
			return err
		}
		fixed, _ := json.Marshal(nonNil(r.FixedEnvs))
		broken, _ := json.Marshal(nonNil(r.BrokenEnvs))
		if _, err := tx.ExecContext(ctx, `INSERT INTO repairs(run_id, round, seq, group_key, code, atom_kind, atom_id, parent, version,
			repairer, status, blocked, fixed, broken, fixed_envs, broken_envs, reason, atom, created_at)
			VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.RunID, r.Round, r.Seq, r.Group, r.Code, r.AtomKind, r.AtomID, r.Parent, r.Version,
			r.Repairer, r.Status, r.Blocked, r.Fixed, r.Broken, string(fixed), string(broken), r.Reason, string(r.Atom), formatTime(r.CreatedAt)); err != nil {
			return err
		}
		if lin != nil {
			lf, _ := json.Marshal(nonNil(lin.Fixed))
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO lineage(kind, id, version, parent, root_cause, repairer, round, fixed, time, run_id)
				VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, lin.Kind, lin.ID, lin.Version, lin.Parent, lin.RootCause, lin.Repairer,
				lin.Round, string(lf), formatTime(lin.Time), r.RunID); err != nil {
				return err
			}
		}
		stored = r
		return nil
	})
	if err != nil {
		return Repair{}, false, fmt.Errorf("record repair of %s/%s: %w", r.AtomKind, r.AtomID, err)
	}
	return stored, existed, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

const repairSelect = `SELECT run_id, round, seq, group_key, code, atom_kind, atom_id, parent, version, repairer, status,
	blocked, fixed, broken, fixed_envs, broken_envs, reason, atom, created_at FROM repairs`

func scanRepair(row scanner) (Repair, error) {
	var r Repair
	var fixed, broken, at, created string
	if err := row.Scan(&r.RunID, &r.Round, &r.Seq, &r.Group, &r.Code, &r.AtomKind, &r.AtomID, &r.Parent, &r.Version,
		&r.Repairer, &r.Status, &r.Blocked, &r.Fixed, &r.Broken, &fixed, &broken, &r.Reason, &at, &created); err != nil {
		return Repair{}, err
	}
	if err := json.Unmarshal([]byte(fixed), &r.FixedEnvs); err != nil {
		return Repair{}, fmt.Errorf("repair %d/%d fixed_envs: %w", r.Round, r.Seq, err)
	}
	if err := json.Unmarshal([]byte(broken), &r.BrokenEnvs); err != nil {
		return Repair{}, fmt.Errorf("repair %d/%d broken_envs: %w", r.Round, r.Seq, err)
	}
	if at != "" {
		r.Atom = json.RawMessage(at)
	}
	r.CreatedAt = parseTime(created)
	return r, nil
}

// Repairs lists a run's decisions in the order they were made.
func (s *Store) Repairs(ctx context.Context, run int64) ([]Repair, error) {
	rows, err := s.db.QueryContext(ctx, repairSelect+` WHERE run_id = ? ORDER BY round, seq`, run)
	if err != nil {
		return nil, fmt.Errorf("repairs of run %d: %w", run, err)
	}
	defer rows.Close()
	var out []Repair
	for rows.Next() {
		r, err := scanRepair(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// LineageOf lists the stored lineage of an atom, oldest first.
func (s *Store) LineageOf(ctx context.Context, kind, id string) ([]Lineage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT kind, id, version, parent, root_cause, repairer, round, fixed, time, run_id
		FROM lineage WHERE kind = ? AND id = ? ORDER BY run_id, round, time`, kind, id)
	if err != nil {
		return nil, fmt.Errorf("lineage of %s/%s: %w", kind, id, err)
	}
	defer rows.Close()
	var out []Lineage
	for rows.Next() {
		var l Lineage
		var fixed, t string
		if err := rows.Scan(&l.Kind, &l.ID, &l.Version, &l.Parent, &l.RootCause, &l.Repairer, &l.Round, &fixed, &t, &l.RunID); err != nil {
			return nil, fmt.Errorf("lineage of %s/%s: %w", kind, id, err)
		}
		if err := json.Unmarshal([]byte(fixed), &l.Fixed); err != nil {
			return nil, fmt.Errorf("lineage of %s/%s@%s: fixed: %w", kind, id, l.Version, err)
		}
		l.Time = parseTime(t)
		out = append(out, l)
	}
	return out, rows.Err()
}
