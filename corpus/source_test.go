package corpus_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
)

// The whole built-in corpus, servers and catalogues, loads once per test
// binary; the tests only read it.
var builtin struct {
	once sync.Once
	lib  *atom.Library
	ds   atom.Diagnostics
	err  error
}

// loadBuiltin returns the built-in corpus, failing on any diagnostic.
func loadBuiltin(t *testing.T) *atom.Library {
	t.Helper()
	builtin.once.Do(func() { builtin.lib, builtin.ds, builtin.err = atom.Load(corpus.Builtin()) })
	if builtin.err != nil {
		t.Fatal(builtin.err)
	}
	for _, d := range builtin.ds {
		t.Errorf("lint: %v", d)
	}
	return builtin.lib
}

// The YAML is the corpus's source: written out with atom.Write (every atom
// rendered anew) and the catalogues with atom.MarshalOperations, as a
// build writes its library, it loads back to the same atoms, versions and
// catalogues.
func TestBuiltinRoundTrip(t *testing.T) {
	lib := loadBuiltin(t)
	dir := t.TempDir()
	if _, err := atom.Write(lib, nil, dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "operations"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, app := range lib.OperationApps() {
		b, err := atom.MarshalOperations(app, lib.Operations(app))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "operations", app+".yaml"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	again, ds, err := atom.LoadDir(dir)
	if err != nil || len(ds) > 0 {
		t.Fatalf("reload: %v %v", err, ds)
	}
	for _, k := range atom.Kinds() {
		before, after := lib.Heads(k), again.Heads(k)
		if len(before) != len(after) {
			t.Fatalf("%s: %d atoms, %d after the round trip", k, len(before), len(after))
		}
		for i, e := range before {
			if f := after[i]; f.Ref() != e.Ref() || !reflect.DeepEqual(f.Atom, e.Atom) {
				t.Errorf("%s reloads as %s, or with other content", e.Ref(), f.Ref())
			}
		}
	}
	if a, b := lib.OperationApps(), again.OperationApps(); !slices.Equal(a, b) {
		t.Fatalf("catalogues of %v, %v after the round trip", a, b)
	}
	for _, app := range lib.OperationApps() {
		if !reflect.DeepEqual(lib.Operations(app), again.Operations(app)) {
			t.Errorf("the catalogue of %s differs after the round trip", app)
		}
	}
}

// Every app has a catalogue of its operations, and the catalogue holds
// every tool the server serves (as it is or widened): a task may ask for
// any change a catalogued operation makes.
func TestBuiltinCatalogues(t *testing.T) {
	lib := loadBuiltin(t)
	for _, e := range lib.Heads(atom.KindServer) {
		s := e.Atom.(*atom.Server)
		ops := lib.Operations(s.AppName())
		if ops == nil {
			t.Errorf("%s: no catalogue in operations/%s.yaml", s.ID, s.AppName())
			continue
		}
		for _, tl := range s.Tools {
			if !slices.ContainsFunc(ops, func(o atom.Tool) bool { return o.Name == tl.Name }) {
				t.Errorf("%s: the catalogue lacks the server's tool %s", s.ID, tl.Name)
			}
		}
	}
}

// docs/corpus-apps.md is written by hand: its totals and its table of apps
// must say what the servers hold.
func TestAppsPage(t *testing.T) {
	lib := loadBuiltin(t)
	f, err := os.Open(filepath.Join("..", "docs", "corpus-apps.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{} // app -> "family colls/tools"
	families := map[string]bool{}
	colls, tools := 0, 0
	for _, e := range lib.Heads(atom.KindServer) {
		s := e.Atom.(*atom.Server)
		want[s.ID] = fmt.Sprintf("%s %d/%d", s.Family, len(s.Collections), len(s.Tools))
		families[s.Family] = true
		colls += len(s.Collections)
		tools += len(s.Tools)
	}
	totals := fmt.Sprintf("serves %d applications in %d families: %d collections and %d tools in all.", len(want), len(families), colls, tools)
	cell := regexp.MustCompile(`^([a-z0-9_]+) \((\d+)/(\d+)\)$`)
	got := map[string]string{}
	sawTotals := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		sawTotals = sawTotals || strings.Contains(line, totals)
		cols := strings.Split(line, " | ")
		if len(cols) != 3 || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| family") {
			continue
		}
		family := strings.TrimPrefix(cols[0], "| ")
		for _, c := range strings.Split(strings.TrimSuffix(cols[2], " |"), ", ") {
			m := cell.FindStringSubmatch(c)
			if m == nil {
				t.Errorf("docs/corpus-apps.md:%d: %q is not app (collections/tools)", n, c)
				continue
			}
			got[m[1]] = fmt.Sprintf("%s %s/%s", family, m[2], m[3])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !sawTotals {
		t.Errorf("docs/corpus-apps.md does not say %q", totals)
	}
	for app, w := range want {
		if got[app] != w {
			t.Errorf("docs/corpus-apps.md lists %s as %q, the server says %q", app, got[app], w)
		}
	}
	for app := range got {
		if want[app] == "" {
			t.Errorf("docs/corpus-apps.md lists %s, which no server serves", app)
		}
	}
}
