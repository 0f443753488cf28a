package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
)

func copyFaults(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lib")
	if err := os.CopyFS(dir, os.DirFS("../../evolve/testdata/faults")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestEvolveBuiltinLibrary(t *testing.T) {
	db := filepath.Join(t.TempDir(), "l.db")
	code, out, errs := cli(t, "", "evolve", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "round 1: 7 environments, verified 7 -> 7 (100.0% -> 100.0%); 0 proposed") {
		t.Errorf("output:\n%s", out)
	}
}

func TestEvolveOutJSONAndHistory(t *testing.T) {
	tmp := t.TempDir()
	lib, outDir, db := copyFaults(t), filepath.Join(tmp, "out"), filepath.Join(tmp, "l.db")
	code, out, errs := cli(t, "", "evolve", "--lib", lib, "--out", outDir, "--db", db, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep evolve.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var raw struct {
		Rounds []map[string]any `json:"rounds"`
	}
	_ = json.Unmarshal([]byte(out), &raw)
	for _, k := range []string{"round", "total", "verified_before", "verified_after", "share_before", "share_after", "repairs"} {
		if _, ok := raw.Rounds[0][k]; !ok {
			t.Errorf("JSON round lacks %q", k)
		}
	}
	r := rep.Rounds[0]
	fanout := map[string]int{}
	for _, p := range r.Repairs {
		if p.Accepted && p.Broken == 0 {
			fanout[p.Atom] = p.Fixed
		}
	}
	want := map[string]int{"server/helpdesk": 4, "data/initech_sales": 3, "intent/mark_do_not_contact": 2}
	for a, n := range want {
		if fanout[a] != n {
			t.Errorf("fan-out of %s = %d, want %d (all: %v)", a, fanout[a], n, fanout)
		}
	}
	if r.ShareBefore != 0.25 || r.ShareAfter != 1 {
		t.Errorf("shares %v -> %v", r.ShareBefore, r.ShareAfter)
	}
	for _, f := range []string{"report.json", "report.html", "history/server/helpdesk@8cd7e15c0efc.yaml"} {
		if _, err := os.Stat(filepath.Join(outDir, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	html, _ := os.ReadFile(filepath.Join(outDir, "report.html"))
	for _, s := range []string{"<svg", "server.missing_tool", "25.0%", "100.0%", "server/helpdesk"} {
		if !strings.Contains(string(html), s) {
			t.Errorf("report.html lacks %q", s)
		}
	}
	if strings.Contains(string(html), "<script") || strings.Contains(string(html), "http://") && !strings.Contains(string(html), "http://www.w3.org/2000/svg") {
		t.Error("report.html is not self-contained")
	}
	// --lib was not touched; the evolved library is in --out.
	if got, _, _ := atom.LoadDir(lib); atom.LineageOf(got.Head(atom.KindServer, "helpdesk").Atom) != nil {
		t.Error("--out run wrote into --lib")
	}

	code, out, errs = cli(t, "", "atoms", "history", "helpdesk", "--lib", outDir)
	if code != 0 {
		t.Fatalf("history: exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "8cd7e15c0efc ") || !strings.Contains(lines[2], "head") ||
		!strings.Contains(lines[2], "server.missing_tool") || !strings.Contains(lines[2], "add_tool") {
		t.Errorf("history:\n%s", out)
	}
	code, out, _ = cli(t, "", "atoms", "history", "server/helpdesk", "--lib", outDir, "--db", db, "--json")
	var h struct {
		Versions []historyRow `json:"versions"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &h) != nil || len(h.Versions) != 2 || h.Versions[1].Round != 1 || len(h.Versions[1].Fixed) != 4 {
		t.Errorf("history --json: %d\n%s", code, out)
	}
}

func TestEvolveInPlaceThenNothingLeft(t *testing.T) {
	lib := copyFaults(t)
	db := filepath.Join(t.TempDir(), "l.db")
	// Without --out or --in-place nothing starts and no file changes.
	before := snapshotDir(t, lib)
	if code, _, errs := cli(t, "", "evolve", "--lib", lib, "--db", db); code != 2 || !strings.Contains(errs, "--in-place") || !strings.Contains(errs, "--out DIR") {
		t.Fatalf("evolve without --out or --in-place: exit %d: %s", code, errs)
	}
	if after := snapshotDir(t, lib); after != before {
		t.Fatal("evolve without --out or --in-place changed the library")
	}
	if code, _, errs := cli(t, "", "evolve", "--lib", lib, "--db", db, "--in-place"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(lib, "history", "data", "initech_sales@0f585c564ba5.yaml")); err != nil {
		t.Errorf("old version not kept under history/: %v", err)
	}
	code, out, errs := cli(t, "", "evolve", "--lib", lib, "--db", db, "--in-place")
	if code != 0 || !strings.Contains(out, "verified 12 -> 12 (100.0% -> 100.0%); 0 proposed") {
		t.Errorf("second run on the evolved library: %d %s\n%s", code, errs, out)
	}
}

func TestEvolveAndHistoryBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"evolve", "--rounds", "0", "--db", ""},
		{"evolve", "--lib", "/does/not/exist", "--db", ""},
		{"evolve", "extra"},
		{"evolve", "--in-place", "--db", ""},
		{"evolve", "--lib", "x", "--in-place", "--out", "y", "--db", ""},
		{"atoms", "history"},
		{"atoms", "history", "no_such_atom"},
		{"atoms", "history", "server/no_such"},
	} {
		if code, _, _ := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// snapshotDir renders every file of dir (path and content) as one string.
func snapshotDir(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		fmt.Fprintf(&b, "%s\n%s\n", p, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
