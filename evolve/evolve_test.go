package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/store"
	"github.com/legoenv/legoenv/verify"
)

var clock = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return clock }

func loadDir(t testing.TB, dir string) *atom.Library {
	t.Helper()
	lib, ds, err := atom.LoadDir(dir)
	if err != nil || ds.HasErrors() {
		t.Fatalf("load %s: %v %v", dir, err, ds.Err())
	}
	return lib
}

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "legoenv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// counting wraps the default repairers and counts their proposals.
func counting(n *atomic.Int64) []Repairer {
	var out []Repairer
	for _, r := range DefaultRepairers() {
		f := r.(Func)
		fn := f.Fn
		f.Fn = func(ctx context.Context, req Request) (Proposal, error) {
			n.Add(1)
			return fn(ctx, req)
		}
		out = append(out, f)
	}
	return out
}

func TestExampleLibraryIsSound(t *testing.T) {
	lib := testlib.Example(t)
	res, err := Run(context.Background(), lib, Options{Rounds: 3, Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Report.Rounds) != 1 {
		t.Fatalf("%d rounds, want 1 (a round that repairs nothing ends the run)", len(res.Report.Rounds))
	}
	r := res.Report.Rounds[0]
	if r.Total != 7 || r.VerifiedBefore != 7 || r.VerifiedAfter != 7 || r.ShareAfter != 1 {
		t.Errorf("round = %+v, want 7 of 7 verified before and after", r)
	}
	if len(r.Repairs) != 0 || len(r.Skipped) != 0 || r.Proposed != 0 {
		t.Errorf("repairs on a sound library: %+v %+v", r.Repairs, r.Skipped)
	}
	if len(res.Verdicts) != 7 {
		t.Errorf("%d final verdicts, want 7", len(res.Verdicts))
	}
}

// TestFaultsOneRound: three atoms carry a fault each, shared by 4, 3 and 2
// environments; one round fixes all three, each fix reaches every
// environment that shares the atom, and nothing verified breaks.
func TestFaultsOneRound(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	before := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{})
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow, Library: "testdata/faults"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Report.Rounds) != 1 {
		t.Fatalf("rounds = %d", len(res.Report.Rounds))
	}
	r := res.Report.Rounds[0]
	if r.Total != 12 || r.VerifiedBefore != 3 || r.VerifiedAfter != 12 {
		t.Errorf("verified %d -> %d of %d, want 3 -> 12 of 12", r.VerifiedBefore, r.VerifiedAfter, r.Total)
	}
	want := []struct {
		atom   string
		cause  verify.Code
		fanout int
	}{
		{"server/helpdesk", verify.ServerMissingTool, 4},
		{"data/initech_sales", verify.DataMissingEntity, 3},
		{"intent/mark_do_not_contact", verify.IntentUnverifiable, 2},
	}
	if len(r.Repairs) != len(want) || r.Accepted != 3 || r.Rejected != 0 {
		t.Fatalf("repairs = %+v", r.Repairs)
	}
	for i, w := range want {
		got := r.Repairs[i]
		t.Run(w.atom, func(t *testing.T) {
			if got.Atom != w.atom || got.RootCause != w.cause || !got.Accepted {
				t.Errorf("repair %d = %+v, want %s %s accepted", i, got, w.atom, w.cause)
			}
			k, id, _ := splitRef(w.atom)
			parent := lib.Head(k, id)
			shared := len(usersOf(lib, lib.Recipes(), k, id, parent.Version))
			if got.Fixed != w.fanout || got.Fixed != shared || got.Broken != 0 {
				t.Errorf("fixed %d broken %d; %d environments share %s, want fan-out %d", got.Fixed, got.Broken, shared, w.atom, w.fanout)
			}
			head := res.Library.Head(k, id)
			lin := atom.LineageOf(head.Atom)
			if head.Version == parent.Version || lin == nil || lin.Parent != parent.Version || lin.RootCause != string(w.cause) || lin.Round != 1 || len(lin.Fixed) != w.fanout {
				t.Errorf("head %s lineage %+v", head.Ref(), lin)
			}
			if old, err := res.Library.Get(k, parent.Pin()); err != nil || old.Head {
				t.Errorf("the repaired version is no longer addressable: %v", err)
			}
		})
	}
	for i, v := range res.Verdicts {
		if before[i].Verified && !v.Verified {
			t.Errorf("environment %d was verified and broke: %v", i, v.RootCause)
		}
		if !v.Verified {
			t.Errorf("environment %d still fails: %+v", i, v.RootCause)
		}
	}
	if got := verify.VerifyAll(context.Background(), res.Library, res.Library.Recipes(), verify.Options{}); verify.Summarize(got).Verified != 12 {
		t.Errorf("verifying the evolved library afresh: %+v", verify.Summarize(got))
	}

	// Written back and loaded again, the evolved library is the same.
	dir := t.TempDir()
	if _, err := atom.Write(res.Library, os.DirFS("testdata/faults"), dir); err != nil {
		t.Fatal(err)
	}
	back := loadDir(t, dir)
	sameLibrary(t, back, res.Library)
	for _, w := range want {
		k, id, _ := splitRef(w.atom)
		if n := len(back.Versions(k, id)); n != 2 {
			t.Errorf("%s has %d versions after write-back, want 2", w.atom, n)
		}
	}
}

func splitRef(s string) (atom.Kind, string, bool) {
	for i := range s {
		if s[i] == '/' {
			return atom.Kind(s[:i]), s[i+1:], true
		}
	}
	return "", s, false
}

// TestRejectsARepairThatBreaks: rebinding a shared intent's slot would fix
// the environments of one data atom and break those of another.
func TestRejectsARepairThatBreaks(t *testing.T) {
	lib := loadDir(t, "testdata/reject")
	res, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report.Rounds[0]
	if len(r.Repairs) != 1 {
		t.Fatalf("repairs = %+v, want one", r.Repairs)
	}
	p := r.Repairs[0]
	if p.Accepted || p.Atom != "intent/log_discovery_note" || p.RootCause != verify.IntentUnboundSlot || p.Broken != 2 || p.Fixed != 2 {
		t.Errorf("repair = %+v, want rejected, fixed 2, broken 2", p)
	}
	if r.VerifiedBefore != 2 || r.VerifiedAfter != 2 || r.Accepted != 0 || r.Rejected != 1 {
		t.Errorf("round = %+v", r)
	}
	if res.Library.Head(atom.KindIntent, "log_discovery_note").Version != lib.Head(atom.KindIntent, "log_discovery_note").Version {
		t.Error("a rejected version became the head")
	}
	if n := len(res.Library.Versions(atom.KindIntent, "log_discovery_note")); n != 1 {
		t.Errorf("%d versions of the intent, want 1: a rejected proposal must not stay in the library", n)
	}
	if !reflect.DeepEqual(res.Library.Recipes(), lib.Recipes()) {
		t.Error("recipes moved after a rejection")
	}
}

var errStop = errors.New("stop")

// TestResume stops a round after its first accepted repair and runs again:
// the library and report are those of a run that never stopped, and no
// group is proposed twice.
func TestResume(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	var straight, straightVerified atomic.Int64
	want, err := Run(context.Background(), lib, Options{Store: openStore(t), Now: fixedNow, Repairers: counting(&straight), Verify: countVerify(&straightVerified)})
	if err != nil {
		t.Fatal(err)
	}
	stops := []struct {
		name string
		stop func(cancel context.CancelFunc) error
		err  error
	}{
		{"injected crash", func(context.CancelFunc) error { return errStop }, errStop},
		{"context cancelled", func(cancel context.CancelFunc) error { cancel(); return nil }, context.Canceled},
	}
	for _, s := range stops {
		t.Run(s.name, func(t *testing.T) {
			st := openStore(t)
			var n atomic.Int64
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stopped := false
			opt := Options{Store: st, Now: fixedNow, Repairers: counting(&n), OnDecision: func(d Decision) error {
				if d.Status == Accepted && !stopped {
					stopped = true
					return s.stop(cancel)
				}
				return nil
			}}
			part, err := Run(ctx, lib, opt)
			if !errors.Is(err, s.err) {
				t.Fatalf("first run: err %v, want %v", err, s.err)
			}
			if got := part.Report.Rounds[0]; got.Complete || got.Accepted != 1 {
				t.Fatalf("stopped round = %+v", got)
			}
			opt.OnDecision = nil
			var verified atomic.Int64
			opt.Verify = countVerify(&verified)
			res, err := Run(context.Background(), lib, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Resumed || res.RunID != part.RunID {
				t.Errorf("second run did not resume run %d (resumed=%v, run %d)", part.RunID, res.Resumed, res.RunID)
			}
			sameReport(t, res.Report, want.Report)
			sameLibrary(t, res.Library, want.Library)
			// The stored verdicts spare the resumed round its first pass:
			// it verifies only the users of the replayed repair and of the
			// repairs still to make.
			if first := int64(len(lib.Recipes())); verified.Load() != straightVerified.Load()-first {
				t.Errorf("resumed run verified %d environments, want %d", verified.Load(), straightVerified.Load()-first)
			}
			if n.Load() != straight.Load() {
				t.Errorf("%d proposals over the stopped and resumed runs, %d without a stop", n.Load(), straight.Load())
			}
			// A finished run resumed again does no work and says the same.
			n.Store(0)
			again, err := Run(context.Background(), lib, opt)
			if err != nil || n.Load() != 0 {
				t.Fatalf("rerun: %v, %d proposals", err, n.Load())
			}
			sameReport(t, again.Report, want.Report)
			sameLibrary(t, again.Library, want.Library)
		})
	}
}

func countVerify(n *atomic.Int64) VerifyFunc {
	return func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
		n.Add(int64(len(rs)))
		return verify.VerifyAll(ctx, lib, rs, verify.Options{})
	}
}

func sameReport(t *testing.T, got, want Report) {
	t.Helper()
	a, _ := json.MarshalIndent(got, "", " ")
	b, _ := json.MarshalIndent(want, "", " ")
	if string(a) != string(b) {
		t.Errorf("report differs:\n%s\nwant\n%s", a, b)
	}
}

// sameLibrary compares every version (lineage included) and the recipes.
func sameLibrary(t *testing.T, got, want *atom.Library) {
	t.Helper()
	dump := func(l *atom.Library) []string {
		var out []string
		for _, k := range atom.Kinds() {
			for _, h := range l.Heads(k) {
				for _, e := range l.Versions(k, h.ID) {
					lin, _ := json.Marshal(atom.LineageOf(e.Atom))
					out = append(out, e.Ref()+" head="+boolString(e.Head)+" "+string(lin))
				}
			}
		}
		sort.Strings(out)
		rs, _ := json.Marshal(l.Recipes())
		return append(out, string(rs))
	}
	a, b := dump(got), dump(want)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("library differs:\n%v\nwant\n%v", a, b)
	}
}

func boolString(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Without a store the run is the same, only not resumable.
func TestRunWithoutStore(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	res, err := Run(context.Background(), lib, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Report.Rounds[0]; r.Accepted != 3 || r.VerifiedAfter != 12 {
		t.Errorf("round = %+v", r)
	}
	if res.RunID != 0 || res.Resumed {
		t.Errorf("run id %d resumed %v without a store", res.RunID, res.Resumed)
	}
	// The input library is left as it was.
	if lin := atom.LineageOf(lib.Head(atom.KindServer, "helpdesk").Atom); lin != nil {
		t.Error("Run changed its input library")
	}
}

// Two processes evolving the same library on one database: both finish,
// neither corrupts the other, and they agree on every decision.
func TestTwoRunsOneDatabase(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	want, err := Run(context.Background(), lib, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "shared.db")
	results := make([]*Result, 2)
	errs := make([]error, 2)
	done := make(chan int)
	for i := range results {
		go func() {
			defer func() { done <- i }()
			st, err := store.Open(context.Background(), path)
			if err != nil {
				errs[i] = err
				return
			}
			defer st.Close()
			results[i], errs[i] = Run(context.Background(), lib, Options{Store: st, Now: fixedNow})
		}()
	}
	<-done
	<-done
	for i := range results {
		if errs[i] != nil {
			t.Fatalf("run %d: %v", i, errs[i])
		}
		sameReport(t, results[i].Report, want.Report)
		sameLibrary(t, results[i].Library, want.Library)
	}
	st := openStoreAt(t, path)
	runs, err := st.Runs(context.Background())
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs = %+v, %v: the two processes should share one run", runs, err)
	}
	reps, err := st.Repairs(context.Background(), runs[0].ID)
	if err != nil || len(reps) != 3 {
		t.Fatalf("%d decisions stored, want 3: %v", len(reps), err)
	}
}

func openStoreAt(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Recipes that pin versions are moved to the repaired versions; the others
// keep their pins.
func TestPinnedRecipesMove(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	var pinned []atom.Recipe
	for _, r := range lib.Recipes() {
		res, ok := resolve(lib, r)
		if !ok {
			t.Fatalf("fixture recipe %+v does not resolve", r)
		}
		pinned = append(pinned, res)
	}
	lib.SetRecipes(pinned)
	res, err := Run(context.Background(), lib, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Report.Rounds[0]; r.Accepted != 3 || r.VerifiedAfter != 12 {
		t.Fatalf("round = %+v", r)
	}
	helpdesk := res.Library.Head(atom.KindServer, "helpdesk").Version
	for i, r := range res.Library.Recipes() {
		for _, p := range r.Servers {
			if p.ID == "helpdesk" && p.Version != helpdesk {
				t.Errorf("recipe %d still pins helpdesk@%s, the head is %s", i, p.Version, helpdesk)
			}
		}
		if r.Intent.ID == "email_account_owner" && !reflect.DeepEqual(r, pinned[i]) {
			t.Errorf("recipe %d uses no repaired atom and moved: %+v", i, r)
		}
		if r.Data.ID == "initech_sales" && r.Data.Version != res.Library.Head(atom.KindData, "initech_sales").Version {
			t.Errorf("recipe %d pins the old initech_sales", i)
		}
	}
	vs := verify.VerifyAll(context.Background(), res.Library, res.Library.Recipes(), verify.Options{})
	if s := verify.Summarize(vs); s.Verified != 12 {
		t.Errorf("the moved recipes verify %d of 12", s.Verified)
	}
}
