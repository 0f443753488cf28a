package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/synth"
)

// TestReducedBuild checks the corpus invariants on a reduced build: every
// family, the shares, uniqueness, the holdout split and the files written.
func TestReducedBuild(t *testing.T) {
	src := testlib.Builtin(t)
	ctx := context.Background()
	var phases []Phase
	b, err := Run(ctx, src, BuildOptions{Synth: synth.Options{Seed: 3, Size: 0.1, Variants: 2}, Rounds: 1, HoldoutShare: 0.2,
		Phase: func(p Phase) { phases = append(phases, p) }})
	if err != nil {
		t.Fatal(err)
	}
	checkPhases(t, phases, len(b.Corpus.Recipes), b.Report.Rounds[0].Accepted+b.Report.Rounds[0].Rejected)
	s := b.Summary()
	t.Logf("apps %d families %d envs %d multi %.2f rules %.2f seconds %.1f", s.Apps, s.Families, s.Envs, s.MultiAppShare, s.RuleShare, s.Seconds)
	fams := map[string]bool{}
	for _, e := range src.Heads(atom.KindServer) {
		fams[e.MustServer().Family] = true
	}
	if s.Families != len(fams) {
		t.Errorf("reduced build has %d families, want all %d", s.Families, len(fams))
	}
	if s.Envs == 0 || len(s.Rounds) != 1 {
		t.Fatalf("envs %d rounds %d", s.Envs, len(s.Rounds))
	}
	r := s.Rounds[0]
	if r.VerifiedAfter < r.VerifiedBefore || r.VerifiedAfter != s.Envs+b.Duplicates || r.Total != len(b.Corpus.Recipes) {
		t.Errorf("round: total %d before %d after %d; envs %d + duplicates %d", r.Total, r.VerifiedBefore, r.VerifiedAfter, s.Envs, b.Duplicates)
	}
	if s.MultiAppShare < 0.30 || s.RuleShare < 0.25 {
		t.Errorf("multi-app share %.3f, rule share %.3f", s.MultiAppShare, s.RuleShare)
	}
	// Uniqueness, checked afresh against the evolved library.
	ids, prints := map[string]bool{}, map[string]bool{}
	out := map[string]bool{}
	for _, a := range b.Holdout {
		out[a] = true
	}
	for _, e := range b.Envs {
		env, err := episode.Compose(b.Library, e.Recipe, episode.Options{})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		fp, err := Fingerprint(env)
		if err != nil {
			t.Fatal(err)
		}
		if env.ID != e.ID || ids[e.ID] || prints[fp] {
			t.Fatalf("environment %s (composes to %s) is not unique", e.ID, env.ID)
		}
		ids[e.ID], prints[fp] = true, true
		held := false
		for _, a := range e.Apps {
			held = held || out[a]
		}
		if want := map[bool]string{true: "holdout", false: "train"}[held]; e.Split != want {
			t.Fatalf("%s with apps %v is in split %q, want %q", e.ID, e.Apps, e.Split, want)
		}
	}
	if len(b.Holdout) == 0 {
		t.Fatal("no app held out")
	}
	checkRealOperations(t, src, b)

	dir := t.TempDir()
	if err := b.Write(dir, corpus.BuiltinServers()); err != nil {
		t.Fatal(err)
	}
	lines := map[string]int{}
	for _, f := range []string{"envs.jsonl", "envs.train.jsonl", "envs.holdout.jsonl"} {
		fh, err := os.Open(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec EnvRecord
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.ID == "" || !rec.Verified {
				t.Fatalf("%s: bad line %s: %v", f, sc.Text(), err)
			}
			lines[f]++
		}
		fh.Close()
	}
	if lines["envs.jsonl"] != s.Envs || lines["envs.train.jsonl"]+lines["envs.holdout.jsonl"] != s.Envs || lines["envs.holdout.jsonl"] == 0 {
		t.Errorf("lines %v for %d environments", lines, s.Envs)
	}
	lib, ds, err := atom.LoadDir(filepath.Join(dir, "lib"))
	if err != nil || ds.HasErrors() {
		t.Fatalf("written library does not lint: %v %v", err, ds.Err())
	}
	for i, e := range b.Envs {
		if i%10 != 0 {
			continue
		}
		env, err := episode.Compose(lib, e.Recipe, episode.Options{})
		if err != nil || env.ID != e.ID {
			t.Fatalf("%s does not compose from the written library: %v", e.ID, err)
		}
	}
	checkIndex(t, b, filepath.Join(dir, "envs.jsonl"))
	var rep Report
	if js, err := os.ReadFile(filepath.Join(dir, "report.json")); err != nil || json.Unmarshal(js, &rep) != nil || rep.Envs != s.Envs {
		t.Fatalf("report.json: %v", err)
	}
	if html, err := os.ReadFile(filepath.Join(dir, "report.html")); err != nil || !bytes.Contains(html, []byte("<h2>Rounds</h2>")) {
		t.Fatalf("report.html: %v", err)
	}
	var table bytes.Buffer
	if err := b.WriteTable(&table); err != nil || !strings.Contains(table.String(), "verified before") || !strings.Contains(table.String(), "root causes (Pareto)") {
		t.Fatalf("table: %v\n%s", err, table.String())
	}
}

func TestBuildDeterministic(t *testing.T) {
	src := testlib.Builtin(t)
	opt := BuildOptions{Synth: synth.Options{Seed: 5, Size: 0.1, Variants: 1}}
	var runs [2][]string
	for i := range runs {
		b, err := Run(context.Background(), src, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Envs {
			runs[i] = append(runs[i], e.ID)
		}
	}
	if len(runs[0]) == 0 || strings.Join(runs[0], ",") != strings.Join(runs[1], ",") {
		t.Fatalf("two builds with one seed differ: %d and %d environments", len(runs[0]), len(runs[1]))
	}
}

func TestParseHoldout(t *testing.T) {
	for _, c := range []struct {
		in    string
		apps  string
		share float64
		err   bool
	}{
		{"", "", 0, false},
		{"0.1", "", 0.1, false},
		{"gmail, slack", "gmail,slack", 0, false},
		{"gmail,,", "gmail", 0, false},
		{"1.5", "", 0, true},
		{"0", "", 0, true},
		{"-0.2", "", 0, true},
	} {
		t.Run(c.in, func(t *testing.T) {
			apps, share, err := ParseHoldout(c.in)
			if (err != nil) != c.err || strings.Join(apps, ",") != c.apps || share != c.share {
				t.Fatalf("ParseHoldout(%q) = %v %v %v", c.in, apps, share, err)
			}
		})
	}
	if _, err := Run(context.Background(), testlib.Builtin(t), BuildOptions{Synth: synth.Options{Size: 0.05}, Holdout: []string{"no_such_app"}}); err == nil || !strings.Contains(err.Error(), "no_such_app") {
		t.Fatalf("unknown holdout app: %v", err)
	}
}

func FuzzParseHoldout(f *testing.F) {
	for _, s := range []string{"", "0.25", "gmail,slack", "1e-3", "NaN", ",,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		apps, share, err := ParseHoldout(s)
		if err != nil {
			return
		}
		if share < 0 || share >= 1 || share != share {
			t.Fatalf("share %v from %q", share, s)
		}
		for _, a := range apps {
			if a == "" || strings.Contains(a, ",") {
				t.Fatalf("app %q from %q", a, s)
			}
		}
	})
}

// checkPhases holds the phase reports of a build to their order and counts:
// each phase starts at 0, verification reaches every recipe, evolution
// counts its decisions (at least the accepted and rejected repairs).
// checkIndex: the build's index entries, taken while verification
// composed each environment, are those composing the written file gives.
func checkIndex(t *testing.T, b *Build, path string) {
	recs, err := envfile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if _, ok := b.index[r.ID]; !ok {
			t.Fatalf("%s has no index entry from the build", r.ID)
		}
	}
	got, want := b.Index(recs, 2), envfile.ComposeSummaries(b.Library, recs, 2, nil)
	if !slices.Equal(got, want) || len(got) != len(recs) {
		t.Errorf("the build's index (%d entries) is not the composed one (%d)", len(got), len(want))
	}
}

func checkPhases(t *testing.T, ps []Phase, recipes, repairs int) {
	t.Helper()
	var order []string
	last := map[string]Phase{}
	for _, p := range ps {
		if len(order) == 0 || order[len(order)-1] != p.Name {
			order = append(order, p.Name)
			if p.Done != 0 {
				t.Errorf("phase %s starts at %d", p.Name, p.Done)
			}
		}
		last[p.Name] = p
	}
	want := []string{PhaseSynthesise, PhaseVerify, PhaseEvolve, PhaseCollect, PhaseCoherence}
	if strings.Join(order, ",") != strings.Join(want, ",") {
		t.Fatalf("phases %v, want %v", order, want)
	}
	if v := last[PhaseVerify]; v.Done != recipes || v.Total != recipes {
		t.Errorf("verify ended at %d of %d, want %d", v.Done, v.Total, recipes)
	}
	if e := last[PhaseEvolve]; e.Done < repairs {
		t.Errorf("evolve counted %d decisions, fewer than the %d repairs", e.Done, repairs)
	}
	if c := last[PhaseCollect]; c.Done != c.Total || c.Total == 0 {
		t.Errorf("collect ended at %d of %d", c.Done, c.Total)
	}
}

// checkRealOperations holds a build to what the issue of closed loops
// asked: its worlds are coherent, and every tool evolution gave a server
// is an operation of the app's catalogue (the tool of that name widened to
// it, or the operation itself), never a numbered duplicate, with the
// required arguments the operation has, and a name that keeps its promise.
func checkRealOperations(t *testing.T, src *atom.Library, b *Build) {
	t.Helper()
	if b.Coherence.Violations != 0 || b.Coherence.Data == 0 {
		t.Errorf("coherence: %+v", b.Coherence)
	}
	for _, e := range b.Library.Heads(atom.KindServer) {
		s := e.MustServer()
		orig := src.ServerFor(s.AppName()).MustServer()
		ops := map[string]atom.Tool{}
		for _, o := range src.Operations(s.AppName()) {
			ops[o.Name] = o
		}
		for _, tl := range s.Tools {
			if msg := atom.ToolNameProblem(s, tl); msg != "" {
				t.Errorf("%s: %s", tl.Name, msg)
			}
			if orig.Tool(tl.Name) != nil && fmt.Sprint(*orig.Tool(tl.Name)) == fmt.Sprint(tl) {
				continue
			}
			if strings.HasSuffix(tl.Name, "_2") {
				t.Errorf("%s: a numbered duplicate", tl.Name)
			}
			op, ok := ops[tl.Name]
			if !ok {
				t.Errorf("%s: evolution gave %s a tool its catalogue does not hold", tl.Name, s.ID)
				continue
			}
			if fmt.Sprint(op.Input["required"]) != fmt.Sprint(tl.Input["required"]) && orig.Tool(tl.Name) == nil {
				t.Errorf("%s: required %v, the operation requires %v", tl.Name, tl.Input["required"], op.Input["required"])
			}
		}
	}
}
