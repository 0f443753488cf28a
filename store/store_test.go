package store

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func open(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestMigrations(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	t.Run("fresh database gets every migration", func(t *testing.T) {
		s := open(t, path)
		v, err := s.Version(ctx)
		if err != nil || v != SchemaVersion() {
			t.Fatalf("version = %d, %v; want %d", v, err, SchemaVersion())
		}
		var mode string
		if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
		}
	})
	t.Run("reopening applies nothing twice", func(t *testing.T) {
		s := open(t, path)
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != SchemaVersion() {
			t.Fatalf("schema_migrations rows = %d, %v; want %d", n, err, SchemaVersion())
		}
	})
	t.Run("a newer database is refused", func(t *testing.T) {
		s := open(t, path)
		if _, err := s.db.ExecContext(ctx, `INSERT INTO schema_migrations VALUES(?, '')`, SchemaVersion()+1); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if _, err := Open(ctx, path); err == nil {
			t.Fatal("opened a database with a newer schema")
		}
	})
	t.Run("empty path", func(t *testing.T) {
		if _, err := Open(ctx, ""); err == nil {
			t.Fatal("no error for an empty path")
		}
	})
}

func TestRunResume(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "l.db"))
	a, resumed, err := s.StartRun(ctx, "k1", "lib", 2, t0)
	if err != nil || resumed {
		t.Fatalf("first start: %v resumed=%v", err, resumed)
	}
	b, resumed, err := s.StartRun(ctx, "k1", "lib", 2, t0.Add(time.Hour))
	if err != nil || !resumed || b.ID != a.ID {
		t.Fatalf("second start: id %d vs %d, resumed=%v, %v", b.ID, a.ID, resumed, err)
	}
	c, resumed, err := s.StartRun(ctx, "k2", "lib", 2, t0)
	if err != nil || resumed || c.ID == a.ID {
		t.Fatalf("other key: id %d, resumed=%v, %v", c.ID, resumed, err)
	}
	if err := s.FinishRun(ctx, a.ID, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	runs, err := s.Runs(ctx)
	if err != nil || len(runs) != 2 {
		t.Fatalf("runs = %v, %v", runs, err)
	}
	if runs[1].Status != RunDone || !runs[1].FinishedAt.Equal(t0.Add(2*time.Hour)) {
		t.Errorf("finished run = %+v", runs[1])
	}
	d, err := s.NewRun(ctx, "k1", "lib", 2, t0)
	if err != nil || d.ID == a.ID {
		t.Fatalf("fresh run reused id %d: %v", d.ID, err)
	}
}

func TestRoundsAndVerdicts(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "l.db"))
	run, _, err := s.StartRun(ctx, "k", "", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	vs := []Verdict{
		{Env: 0, EnvID: "env-a", Verified: true, JSON: json.RawMessage(`{"id":"env-a"}`)},
		{Env: 1, EnvID: "env-b", Code: "server.missing_tool", Atom: "server/mail@1", JSON: json.RawMessage(`{"id":"env-b"}`)},
	}
	r := Round{RunID: run.ID, Round: 1, Total: 2, VerifiedBefore: 1, ShareBefore: 0.5, ParetoBefore: json.RawMessage(`[{"code":"x"}]`), StartedAt: t0}
	got, err := s.BeginRound(ctx, r, vs)
	if err != nil || got.VerifiedBefore != 1 {
		t.Fatalf("begin: %+v, %v", got, err)
	}
	// A resumed round keeps what was recorded first.
	r2 := r
	r2.VerifiedBefore = 2
	got, err = s.BeginRound(ctx, r2, nil)
	if err != nil || got.VerifiedBefore != 1 || string(got.ParetoBefore) != `[{"code":"x"}]` {
		t.Fatalf("begin again: %+v, %v", got, err)
	}
	before, err := s.Verdicts(ctx, run.ID, 1, PhaseBefore)
	if err != nil || len(before) != 2 || before[1].Code != "server.missing_tool" || !before[0].Verified {
		t.Fatalf("before verdicts = %+v, %v", before, err)
	}
	r.VerifiedAfter, r.ShareAfter, r.FinishedAt = 2, 1, t0.Add(time.Minute)
	vs[1].Verified, vs[1].Code = true, ""
	if err := s.EndRound(ctx, r, vs); err != nil {
		t.Fatal(err)
	}
	r.VerifiedAfter = 0
	if err := s.EndRound(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	rounds, err := s.Rounds(ctx, run.ID)
	if err != nil || len(rounds) != 1 || !rounds[0].Done || rounds[0].VerifiedAfter != 2 || rounds[0].ShareAfter != 1 {
		t.Fatalf("rounds = %+v, %v", rounds, err)
	}
	after, err := s.Verdicts(ctx, run.ID, 1, PhaseAfter)
	if err != nil || len(after) != 2 || !after[1].Verified {
		t.Fatalf("after verdicts = %+v, %v", after, err)
	}
}

func TestRecordRepair(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "l.db"))
	run, _, _ := s.StartRun(ctx, "k", "", 1, t0)
	acc := Repair{RunID: run.ID, Round: 1, Group: "server.missing_tool|server/mail", Code: "server.missing_tool",
		AtomKind: "server", AtomID: "mail", Parent: "aaa", Version: "bbb", Repairer: "add_tool", Status: Accepted,
		Blocked: 3, Fixed: 3, FixedEnvs: []string{"env-1", "env-2", "env-3"}, Atom: json.RawMessage(`{"kind":"server"}`), CreatedAt: t0}
	lin := &Lineage{Kind: "server", ID: "mail", Version: "bbb", Parent: "aaa", RootCause: "server.missing_tool", Repairer: "add_tool", Round: 1,
		Fixed: acc.FixedEnvs, Time: t0}
	got, existed, err := s.RecordRepair(ctx, acc, lin)
	if err != nil || existed || got.Seq != 1 {
		t.Fatalf("record: seq %d existed=%v %v", got.Seq, existed, err)
	}
	// The same decision again (a resumed or concurrent round) returns the first.
	dup := acc
	dup.Status, dup.Fixed = Rejected, 0
	got, existed, err = s.RecordRepair(ctx, dup, nil)
	if err != nil || !existed || got.Status != Accepted || got.Fixed != 3 {
		t.Fatalf("duplicate: %+v existed=%v %v", got, existed, err)
	}
	rej := acc
	rej.Group, rej.Status, rej.Fixed, rej.Broken, rej.BrokenEnvs, rej.FixedEnvs = "data.missing_entity|data/crm", Rejected, 1, 1, []string{"env-9"}, nil
	if got, _, err = s.RecordRepair(ctx, rej, nil); err != nil || got.Seq != 2 {
		t.Fatalf("second decision: seq %d, %v", got.Seq, err)
	}
	all, err := s.Repairs(ctx, run.ID)
	if err != nil || len(all) != 2 {
		t.Fatalf("repairs = %+v, %v", all, err)
	}
	if all[0].Status != Accepted || len(all[0].FixedEnvs) != 3 || string(all[0].Atom) != `{"kind":"server"}` {
		t.Errorf("first = %+v", all[0])
	}
	if all[1].Status != Rejected || len(all[1].BrokenEnvs) != 1 || all[1].FixedEnvs == nil {
		t.Errorf("second = %+v", all[1])
	}
	ls, err := s.LineageOf(ctx, "server", "mail")
	if err != nil || len(ls) != 1 || ls[0].Parent != "aaa" || len(ls[0].Fixed) != 3 || !ls[0].Time.Equal(t0) {
		t.Fatalf("lineage = %+v, %v", ls, err)
	}
}

// Two handles on one file stand for two processes: their writes interleave
// without loss or error.
func TestTwoWritersOneFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	a, b := open(t, path), open(t, path)
	run, _, err := a.StartRun(ctx, "k", "", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	const each = 40
	var wg sync.WaitGroup
	errs := make(chan error, 2*each)
	for w, s := range []*Store{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				r := Repair{RunID: run.ID, Round: 1, Group: fmt.Sprintf("g%d-%d", w, i), Repairer: "r", Status: Skipped, CreatedAt: t0}
				if _, _, err := s.RecordRepair(ctx, r, nil); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	all, err := b.Repairs(ctx, run.ID)
	if err != nil || len(all) != 2*each {
		t.Fatalf("repairs = %d, %v; want %d", len(all), err, 2*each)
	}
	for i, r := range all {
		if r.Seq != i+1 {
			t.Fatalf("seq %d at %d: sequence has a gap or a duplicate", r.Seq, i)
		}
	}
}

// A reader is not held up by a writer that keeps its transaction open.
func TestReadDuringWrite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	w, r := open(t, path), open(t, path)
	run, _, _ := w.StartRun(ctx, "k", "", 1, t0)
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE runs SET status = 'x' WHERE id = ?`, run.ID); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	runs, err := r.Runs(rctx)
	if err != nil || len(runs) != 1 || runs[0].Status != RunRunning {
		t.Fatalf("read during write: %+v, %v (want the committed status)", runs, err)
	}
}
