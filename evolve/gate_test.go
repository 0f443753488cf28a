package evolve

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/verify"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

const fakeCause = verify.IntentContradictory

// fakeVerify passes an environment when its intent's description is
// "good", and otherwise blames the intent. It stands in for verification
// so that the gate can be tested on its own.
func fakeVerify(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
	out := make([]verify.Verdict, len(rs))
	for i, r := range rs {
		e, err := lib.Get(atom.KindIntent, r.Intent)
		if err != nil {
			out[i] = verify.Verdict{Recipe: r, EnvID: r.Hash(), RootCause: &verify.RootCause{Code: verify.RecipeMissingAtom}}
			continue
		}
		res, _ := resolve(lib, r)
		out[i] = verify.Verdict{Recipe: res, EnvID: res.Hash(), Intent: e.ID}
		if e.MustIntent().Description == "good" {
			out[i].Verified = true
			continue
		}
		out[i].RootCause = &verify.RootCause{Code: fakeCause, Atom: verify.AtomRef{Kind: e.Kind, ID: e.ID, Version: e.Version}}
	}
	return out
}

// describe is a repairer that sets the intent's description.
func describe(name, desc string) Func {
	return Func{Cause: fakeCause, Label: name, Fn: func(ctx context.Context, req Request) (Proposal, error) {
		in, _ := clone(req.Atom.MustIntent())
		in.Description = desc
		return Proposal{Atom: in, Note: "description " + desc}, nil
	}}
}

func exampleWithIntents(t *testing.T, good ...string) *atom.Library {
	t.Helper()
	lib := testlib.Example(t)
	for _, e := range lib.Heads(atom.KindIntent) {
		in, _ := clone(e.MustIntent())
		in.Description = "bad"
		for _, g := range good {
			if g == in.ID {
				in.Description = "good"
			}
		}
		if _, err := lib.Put(in, e.File, true); err != nil {
			t.Fatal(err)
		}
	}
	return lib
}

func TestGate(t *testing.T) {
	declines := Func{Cause: fakeCause, Label: "declines", Fn: func(ctx context.Context, req Request) (Proposal, error) {
		return Proposal{}, noRepair("nothing to say")
	}}
	same := Func{Cause: fakeCause, Label: "same", Fn: func(ctx context.Context, req Request) (Proposal, error) {
		return Proposal{Atom: req.Atom.Atom}, nil
	}}
	invalid := Func{Cause: fakeCause, Label: "invalid", Fn: func(ctx context.Context, req Request) (Proposal, error) {
		in, _ := clone(req.Atom.MustIntent())
		in.Description, in.Tools = "good", []string{"not a tool name!"}
		return Proposal{Atom: in}, nil
	}}
	otherAtom := Func{Cause: fakeCause, Label: "other", Fn: func(ctx context.Context, req Request) (Proposal, error) {
		return Proposal{Atom: &atom.Intent{Kind: atom.KindIntent, ID: "someone_else", Description: "good"}}, nil
	}}
	cases := []struct {
		name       string
		repairers  []Repairer
		wantStatus []string // per decision on the first group, in order
		verified   int
	}{
		{"accepted", []Repairer{describe("fixer", "good")}, []string{Accepted}, 7},
		{"fixes nothing", []Repairer{describe("noop", "still bad")}, []string{Rejected}, 2},
		{"declined then a plug-in repairer", []Repairer{declines, describe("llm", "good")}, []string{Skipped, Accepted}, 7},
		{"rejected then the next repairer", []Repairer{same, invalid, otherAtom, describe("llm", "good")}, []string{Rejected, Rejected, Rejected, Accepted}, 7},
		{"no repairer for the cause", []Repairer{Func{Cause: "other.cause", Label: "x", Fn: declines.Fn}}, []string{Skipped}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib := exampleWithIntents(t, "mark_do_not_contact", "escalate_ticket")
			var decided []Decision
			res, err := Run(context.Background(), lib, Options{Verify: fakeVerify, Repairers: c.repairers, Now: fixedNow, Store: openStore(t),
				OnDecision: func(d Decision) error { decided = append(decided, d); return nil }})
			if err != nil {
				t.Fatal(err)
			}
			// The largest group goes first: email_account_owner and
			// log_discovery_note block two environments each, the key breaks the tie.
			var first []Decision
			for _, d := range decided {
				if d.Group == decided[0].Group {
					first = append(first, d)
				}
			}
			if first[0].Atom.ID != "email_account_owner" || first[0].Blocked != 2 {
				t.Errorf("first group = %s blocking %d", first[0].Group, first[0].Blocked)
			}
			var got []string
			for _, d := range first {
				got = append(got, d.Status)
				if d.Reason == "" {
					t.Errorf("%s %s without a reason", d.Repairer, d.Status)
				}
			}
			if strings.Join(got, ",") != strings.Join(c.wantStatus, ",") {
				t.Errorf("decisions %v, want %v", got, c.wantStatus)
			}
			if r := res.Report.Rounds[0]; r.VerifiedAfter != c.verified || r.Total != 7 {
				t.Errorf("verified after = %d, want %d", r.VerifiedAfter, c.verified)
			}
			for _, e := range res.Library.Heads(atom.KindIntent) {
				lin := atom.LineageOf(e.Atom)
				if e.MustIntent().Description == "good" && e.ID != "mark_do_not_contact" && e.ID != "escalate_ticket" {
					last := first[len(first)-1]
					if lin == nil || lin.Round != 1 || lin.RootCause != string(fakeCause) || lin.Fixed == nil {
						t.Errorf("%s: lineage %+v", e.ID, lin)
					} else if e.ID == "email_account_owner" && lin.Repairer != last.Repairer {
						t.Errorf("lineage names repairer %q, the accepted one is %q", lin.Repairer, last.Repairer)
					}
				}
			}
		})
	}
}

func TestVerifierContract(t *testing.T) {
	lib := exampleWithIntents(t)
	short := func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
		return fakeVerify(ctx, lib, rs[:len(rs)-1])
	}
	if _, err := Run(context.Background(), lib, Options{Verify: short, Now: fixedNow}); err == nil || !strings.Contains(err.Error(), "verdicts for") {
		t.Errorf("a verifier that loses verdicts: err = %v", err)
	}
	if _, err := Run(context.Background(), lib, Options{Verify: fakeVerify, Repairers: []Repairer{describe("a", "good"), describe("a", "good")}}); err == nil {
		t.Error("two repairers with one name were accepted")
	}
	if _, err := Run(context.Background(), nil, Options{}); err == nil {
		t.Error("nil library accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, lib, Options{Verify: fakeVerify}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// The verdict cache: an environment whose atoms did not change is not
// verified again in the next round.
func TestVerifiesOnlyWhatChanged(t *testing.T) {
	lib := exampleWithIntents(t, "mark_do_not_contact", "escalate_ticket", "reply_and_pend")
	var verified int
	counted := func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
		verified += len(rs)
		return fakeVerify(ctx, lib, rs)
	}
	res, err := Run(context.Background(), lib, Options{Verify: counted, Repairers: []Repairer{describe("fixer", "good")}, Rounds: 3, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	// 7 at the start; email_account_owner and log_discovery_note have two
	// environments each, re-verified once when repaired; round 2 verifies
	// nothing new and accepts nothing, which ends the run.
	if verified != 7+2+2 {
		t.Errorf("verified %d environments, want 11", verified)
	}
	if len(res.Report.Rounds) != 2 || res.Report.Rounds[1].Proposed != 0 {
		t.Errorf("rounds = %+v", res.Report.Rounds)
	}
}

func TestReportGolden(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	res, err := Run(context.Background(), lib, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	rej, err := Run(context.Background(), loadDir(t, "testdata/reject"), Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	two := Report{Rounds: append(res.Report.Rounds, rej.Report.Rounds...)}
	two.Rounds[1].Round = 2
	for _, g := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"report.txt", func(b *bytes.Buffer) error { return two.WriteText(b) }},
		{"report.html", func(b *bytes.Buffer) error { return two.WriteHTML(b) }},
	} {
		t.Run(g.file, func(t *testing.T) {
			var b bytes.Buffer
			if err := g.write(&b); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", g.file)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s differs from the golden file (go test -update rewrites it):\n%s", g.file, b.String())
			}
		})
	}
	var empty bytes.Buffer
	if err := (Report{}).WriteHTML(&empty); err != nil || !strings.Contains(empty.String(), "no failing environments") {
		t.Errorf("empty report: %v", err)
	}
}
